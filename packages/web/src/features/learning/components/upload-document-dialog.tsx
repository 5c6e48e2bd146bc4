import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  DOC_TYPE_LABELS,
  DocType,
  LEARNING_FORM_TYPES,
  NOTICE_FORM_TYPES,
  acceptOf,
  nameTaken,
  type DocType as DocTypeT,
} from '@palisade/domain/learning/learning.rules';
import { categoryNameSchema, documentSchema, type DocumentForm } from '@palisade/domain/learning/learning.schema';
import { learningMessages } from '@palisade/domain/learning/learning.messages';
import { translateText } from '@palisade/domain/i18n/catalogue';
import { newClientId } from '../../../lib/client-id';
import { showSuccess } from '../../../lib/notifier';
import { UploadProgress } from '../../../components/upload-progress';
import {
  documentUploadScope,
  useAddLearningCategory,
  useLearningCategories,
  useUploadDocument,
} from '../api/learning-api';

const m = learningMessages;
const ADD = '__add__';

type Field = 'title' | 'desc' | 'totaltime' | 'rewards' | 'type' | 'filename' | 'item_url';

interface Values {
  title: string;
  desc: string;
  totaltime: string;
  rewards: string;
  type: string;
  item_url: string;
}
const EMPTY: Values = { title: '', desc: '', totaltime: '', rewards: '', type: '', item_url: '' };

/** A new category or sub-category typed in the modal: the spec's rules, and no duplicate of the list. */
function NewName({ kind, existing, onAdd, busy }: { kind: 'category' | 'subcategory'; existing: readonly string[]; onAdd: (name: string) => void; busy: boolean }) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const sub = kind === 'subcategory';
  const parsed = categoryNameSchema(kind).safeParse(name);
  const error = !parsed.success ? translateText(parsed.error.issues[0]?.message ?? '') : nameTaken(name, existing) ? (sub ? m.subCategoryExists : m.categoryExists) : '';
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        label={sub ? m.newSubCategory : m.newCategory}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setTouched(true);
        }}
        error={touched && error !== ''}
        helperText={touched ? error : ' '}
      />
      <Button variant="outlined" disabled={error !== '' || busy} onClick={() => onAdd(name.trim())} sx={{ mt: 0.25 }}>
        {m.add}
      </Button>
    </Box>
  );
}

export interface UploadDocumentDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string;
  /** learning: Upload Learning (category, sub-category); notice: Upload Notice. */
  form: DocumentForm;
}

/**
 * Upload Learning and Upload Notice (foundation-and-contractor §5): title and description of at
 * least 2 characters, time and rewards above 0, the document type first, then the file of that
 * type (at most 10 MB) or the Youtube embed link. Submit is enabled once a file or link is set
 * and there is no error; changing the type clears the file. The rules are the domain schema's,
 * the server's own.
 */
export function UploadDocumentDialog({ open, onClose, companyId, form }: UploadDocumentDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const learning = form === 'learning';
  const categories = useLearningCategories(companyId, learning && open);
  const addCategory = useAddLearningCategory(companyId);
  const upload = useUploadDocument();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [topic, setTopic] = useState('');
  const [subcat, setSubcat] = useState('');
  // A notice's id, made at each opening and kept for its retries (DECISIONS.md); a double click
  // on Submit sends one request (the ref is set at once, isPending a render later).
  const [noticeId, setNoticeId] = useState(newClientId);
  const sending = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const schema = useMemo(() => documentSchema(form), [form]);
  const type = values.type === '' ? null : (Number(values.type) as DocTypeT);
  const youtube = type === DocType.YOUTUBE;
  const cats = categories.data?.categories ?? [];
  const subs = categories.data?.subcategories ?? [];

  const parsed = schema.safeParse({
    ...values,
    type: values.type === '' ? undefined : values.type,
    subcat,
    filename: file?.name ?? '',
    fileSize: file?.size,
  });
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as Field;
      errors[key] ??= translateText(issue.message);
    }
  const shown = (f: Field) => (touched[f] ? (errors[f] ?? '') : '');
  const ready = parsed.success && (!learning || topic !== '') && (youtube ? values.item_url !== '' : file !== null);

  const reset = () => {
    setValues(EMPTY);
    setTouched({});
    setFile(null);
    setFileError('');
    setTopic('');
    setSubcat('');
    setNoticeId(newClientId());
  };
  const close = () => {
    if (upload.isPending) return;
    reset();
    onClose();
  };
  const set = (f: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setTouched((t) => ({ ...t, [f]: true }));
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    if (type === null) {
      setFileError(m.selectDocumentType);
      return;
    }
    setFileError('');
    setFile(chosen);
    setTouched((t) => ({ ...t, filename: true }));
  };

  const submit = () => {
    setTouched({ title: true, desc: true, totaltime: true, rewards: true, type: true, filename: true, item_url: true });
    if (!ready || !parsed.success || sending.current) return;
    sending.current = true;
    const d = parsed.data;
    upload.mutate(
      {
        id: noticeId,
        companyId,
        topic: learning ? topic : null,
        document: { title: d.title, desc: d.desc, totaltime: d.totaltime, rewards: d.rewards, type: d.type, subcat: learning ? subcat : '', filename: file?.name ?? '', item_url: youtube ? d.item_url : '' },
        file: youtube ? null : file,
      },
      {
        onSuccess: () => {
          showSuccess(learning ? m.learningUploaded : m.noticeCreated);
          reset();
          onClose();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const types = learning ? LEARNING_FORM_TYPES : NOTICE_FORM_TYPES;
  const fileMessage = fileError || shown('filename');
  return (
    <Dialog open={open} onClose={close} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="upload-document-title">
      <DialogTitle id="upload-document-title">{learning ? m.uploadLearning : m.uploadNotice}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {learning && (
            <>
              <TextField select label={m.category} value={topic} onChange={(e) => setTopic(e.target.value)} required>
                {cats.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
                <MenuItem value={ADD}>{m.addCategory}</MenuItem>
              </TextField>
              {topic === ADD && (
                <NewName
                  kind="category"
                  existing={cats}
                  busy={addCategory.isPending}
                  onAdd={(name) => addCategory.mutate({ kind: 'category', name }, { onSuccess: () => setTopic(name) })}
                />
              )}
              <TextField select label={m.subCategory} value={subcat} onChange={(e) => setSubcat(e.target.value)}>
                {subs.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
                <MenuItem value={ADD}>{m.addSubCategory}</MenuItem>
              </TextField>
              {subcat === ADD && (
                <NewName
                  kind="subcategory"
                  existing={subs}
                  busy={addCategory.isPending}
                  onAdd={(name) => addCategory.mutate({ kind: 'subcategory', name }, { onSuccess: () => setSubcat(name) })}
                />
              )}
            </>
          )}
          <TextField label={m.title} value={values.title} onChange={set('title')} error={shown('title') !== ''} helperText={shown('title')} required />
          <TextField label={m.description} value={values.desc} onChange={set('desc')} error={shown('desc') !== ''} helperText={shown('desc')} multiline minRows={2} required />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={learning ? m.time : m.totalTime}
              value={values.totaltime}
              onChange={set('totaltime')}
              error={shown('totaltime') !== ''}
              helperText={shown('totaltime')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
            <TextField label={m.rewards} value={values.rewards} onChange={set('rewards')} error={shown('rewards') !== ''} helperText={shown('rewards')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} required />
          </Box>
          <TextField
            select
            label={m.documentType}
            value={values.type}
            onChange={(e) => {
              // Changing the type clears the file (spec §5).
              setValues((v) => ({ ...v, type: e.target.value }));
              setTouched((t) => ({ ...t, type: true }));
              setFile(null);
              setFileError('');
              if (inputRef.current) inputRef.current.value = '';
            }}
            error={shown('type') !== ''}
            helperText={shown('type')}
            required
          >
            {types.map((t) => (
              <MenuItem key={t} value={String(t)}>
                {DOC_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          {youtube ? (
            <TextField
              label={m.youtubeLink}
              placeholder={m.youtubeHint}
              value={values.item_url}
              onChange={set('item_url')}
              error={shown('item_url') !== ''}
              helperText={shown('item_url') || m.youtubeHint}
              required
            />
          ) : (
            <Box>
              <Button variant="outlined" component="label" startIcon={<UploadFileOutlined />}>
                {m.chooseFile}
                <input
                  ref={inputRef}
                  hidden
                  type="file"
                  data-testid="learning-file"
                  accept={type === null ? undefined : acceptOf(type)}
                  onChange={(e) => choose(e.target.files?.[0] ?? null)}
                  onClick={(e) => {
                    if (type === null) {
                      e.preventDefault();
                      setFileError(m.selectDocumentType);
                    }
                  }}
                />
              </Button>
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {file?.name}
              </Typography>
              <UploadProgress scope={documentUploadScope(noticeId)} sx={{ mt: 1 }} />
              {fileMessage !== '' && (
                <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
                  {fileMessage}
                </Typography>
              )}
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={upload.isPending}>
          {m.cancel}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!ready || upload.isPending}>
          {upload.isPending ? m.uploading : m.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
