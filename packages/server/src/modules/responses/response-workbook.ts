import type { ResponseReply, ResponseSectionReply } from '@palisade/domain/responses/response.schema';
import { sheetNames } from '@palisade/domain/responses/review.rules';
import { scoreBand, scorePercent } from '@palisade/domain/scores/score.rules';
import { messages } from '@palisade/domain/messages';
import { neutralisedCell } from '@palisade/domain/text/spreadsheet-cell';

/** The header row of every category sheet (company-and-auditor §9). */
export const CATEGORY_SHEET_HEADER = ['Sr.No', 'Question', 'Answer', 'Attachments', 'Status', 'Remarks'] as const;

/** YYYY-MM-DD as the portal shows dates: DD/MM/YYYY. */
function day(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : value;
}

/** An answer as one cell's text, whatever its type. */
function answerText(q: ResponseSectionReply['questions'][number]): string {
  const { yesNo, text, value } = q.answer;
  if (yesNo) return yesNo === 'YES' ? 'Yes' : 'No';
  if (text !== null && text.trim() !== '') return text;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value !== null) return String(value);
  return '';
}

/** A cell of what users wrote (names, questions, answers, remarks): never run as a formula (#17). */
const userText = (value: string): string => neutralisedCell(value);

const BAND_LABEL = { GREEN: 'Green', ORANGE: 'Orange', RED: 'Red' } as const;

/**
 * The spreadsheet of one response (spec §9): a first "Summary" sheet (assessment, contractor,
 * status, due date, score, percent, band), then a sheet per category named after it (cut to 31
 * characters, unique, without the characters Excel refuses) with a row per question and a final
 * Score row. `response` must carry its sections. What users wrote is kept from running as a
 * formula (neutralisedCell). `created` is the file's creation time (the app's clock).
 */
export async function buildResponseWorkbook(response: ResponseReply, created: Date): Promise<Buffer> {
  // Loaded on the first export: exceljs holds some 18 MB that a server which never exports need not.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Palisade';
  wb.created = created;
  const sections = response.sections ?? [];
  const percent = scorePercent(response.scored, response.total);

  const summaryName = messages.review.sheetSummary;
  const summary = wb.addWorksheet(summaryName);
  summary.columns = [
    { header: 'Field', key: 'field', width: 22 },
    { header: 'Value', key: 'value', width: 60 },
  ];
  summary.addRows([
    ['Assessment', userText(response.assessment.name)],
    ['Contractor', userText(response.contractorName)],
    ['Status', response.status],
    ['Due date', day(response.effectiveDueDate)],
    ['Score', `${response.scored} / ${response.total}`],
    ['Percent', percent === null ? '' : percent],
    ['Band', response.status === 'COMPLETED' && percent !== null ? BAND_LABEL[scoreBand(percent)] : ''],
  ]);
  summary.getRow(1).font = { bold: true };

  const names = sheetNames(
    sections.map((s) => s.category.name),
    [summaryName],
  );
  sections.forEach((s, i) => {
    const sheet = wb.addWorksheet(names[i] ?? `Sheet ${i + 1}`);
    sheet.columns = [
      { header: CATEGORY_SHEET_HEADER[0], width: 8 },
      { header: CATEGORY_SHEET_HEADER[1], width: 60 },
      { header: CATEGORY_SHEET_HEADER[2], width: 50 },
      { header: CATEGORY_SHEET_HEADER[3], width: 30 },
      { header: CATEGORY_SHEET_HEADER[4], width: 12 },
      { header: CATEGORY_SHEET_HEADER[5], width: 50 },
    ];
    sheet.getRow(1).font = { bold: true };
    s.questions.forEach((q, n) => {
      sheet.addRow([
        n + 1,
        userText(q.question.questText),
        userText(answerText(q)),
        userText(q.answer.attachment.map((f) => f.fileName).join('\n')),
        q.assessStatus,
        userText(q.remarks ?? ''),
      ]);
    });
    const score = sheet.addRow(['Score', `${s.scoredMarks ?? '-'} / ${s.totalMarks}`]);
    score.font = { bold: true };
    for (const column of [2, 3, 4, 6]) sheet.getColumn(column).alignment = { wrapText: true, vertical: 'top' };
  });

  const bytes = await wb.xlsx.writeBuffer();
  return Buffer.from(bytes);
}
