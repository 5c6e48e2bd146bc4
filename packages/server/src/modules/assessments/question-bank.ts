import { LRUCache } from 'lru-cache';
import type { QuestionsPageQuery } from '@palisade/domain/assessments/question.schema';
import type { Db } from '../../db/client';
import {
  catalogueRepository,
  type BankQuestionRow,
  type NumberedQuestionRow,
} from './catalogue.repository';

/** How many questions the kept banks hold in all (~0.5 kB each); a larger bank is read each time. */
const KEPT_QUESTIONS_MAX = 20_000;

/** A bank as kept: oldest first (Sr.No order), and the same questions in text order. */
interface KeptBank {
  version: string | null;
  bySrNo: BankQuestionRow[];
  byText: BankQuestionRow[];
}

function keep(version: string | null, rows: BankQuestionRow[]): KeptBank {
  const byText = [...rows].sort((a, b) => a.textRank - b.textRank);
  return { version, bySrNo: rows, byText };
}

/**
 * Pages of the organisations' question banks (Select Existing Question, issue 21): each bank is
 * kept by the server with its version (migration 0022), and a page costs one row read by its key
 * (the version, and the search lower-cased by the database) and a look through the kept bank,
 * instead of numbering, searching and sorting the whole bank in the database for each page. A
 * changed version (any write to the bank, through any server) reads the bank again, version and
 * rows from one snapshot, so a page is never older than the version read before it.
 */
export function createQuestionBank(db: Db) {
  const reads = catalogueRepository.prepareQuestionBank();
  const kept = new LRUCache<string, KeptBank>({
    maxSize: KEPT_QUESTIONS_MAX,
    sizeCalculation: (bank) => Math.max(1, bank.bySrNo.length),
  });

  async function bankOf(organisationId: string, version: string | null): Promise<KeptBank> {
    const hit = kept.get(organisationId);
    if (hit && hit.version === version) return hit;
    const loaded = await reads.load(db, organisationId);
    const bank = keep(loaded.version, loaded.rows);
    if (bank.bySrNo.length <= KEPT_QUESTIONS_MAX) kept.set(organisationId, bank);
    return bank;
  }

  /** One page of the bank whose text holds `search` (any case), numbered by place, and how many match. */
  return async function questionsPage(
    organisationId: string,
    q: QuestionsPageQuery,
  ): Promise<{ rows: NumberedQuestionRow[]; total: number }> {
    const { version, needle } = await reads.head(db, organisationId, q.search);
    const bank = await bankOf(organisationId, version);
    const order = q.sort === 'srNo' ? bank.bySrNo : bank.byText;
    const matches = needle === '' ? order : order.filter((x) => x.lowered.includes(needle));
    const offset = (q.page - 1) * q.pageSize;
    // Descending is the same order read from its end.
    const page =
      q.direction === 'asc'
        ? matches.slice(offset, offset + q.pageSize)
        : matches
            .slice(
              Math.max(0, matches.length - offset - q.pageSize),
              Math.max(0, matches.length - offset),
            )
            .reverse();
    // The presenter reads the question's own fields: the kept ones (lowered, textRank) stay here.
    return { rows: page, total: matches.length };
  };
}
