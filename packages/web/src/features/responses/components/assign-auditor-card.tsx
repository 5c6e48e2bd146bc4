import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { orgAuditorMessages } from '@palisade/domain/responses/org-auditor.messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { useAssignAuditor, useAuditorOptions } from '../api/assign-auditor';

const o = orgAuditorMessages;

/**
 * The organisation's choice of auditor for a response (issue 19, optional): one of its active
 * auditors, or Any auditor. The assigned one sees the response first on its dashboard; every
 * auditor can still review it. Fixed once the response is COMPLETED.
 */
export function AssignAuditorCard({ response }: { response: ResponseReply }) {
  const auditors = useAuditorOptions(response.companyId);
  const assign = useAssignAuditor();
  const current = response.assignedAuditor ?? null;
  const options = (auditors.data ?? []).filter((a) => a.isActive || a._id === current?._id);
  // The current auditor stays listed while the list loads (or if it left the organisation).
  if (current && !options.some((a) => a._id === current._id))
    options.unshift({ ...current, isActive: true });
  const completed = response.status === ResponseStatus.COMPLETED;

  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1, p: { xs: 2, sm: 3 } }}>
        <TextField
          select
          size="small"
          margin="none"
          label={o.assignedAuditor}
          value={current?._id ?? ''}
          disabled={completed || assign.isPending || auditors.isPending}
          onChange={(event) => {
            const auditorId = event.target.value === '' ? null : event.target.value;
            if (auditorId !== (current?._id ?? null))
              assign.mutate({ responseId: response._id, auditorId });
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: { sm: 360 }, bgcolor: 'background.paper' }}
        >
          <option value="">{o.anyAuditor}</option>
          {options.map((a) => (
            <option key={a._id} value={a._id}>
              {a.name}
            </option>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {o.assignHelp}
        </Typography>
      </CardContent>
    </Card>
  );
}
