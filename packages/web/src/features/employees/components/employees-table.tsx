import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Employee } from '@palisade/domain/employees/employee.schema';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { TintedChip, type PaletteTone } from '../../../components/tinted-chip';

const m = employeeMessages;

/** Active, Invited (no password chosen yet) or Disabled. */
function statusOf(employee: Employee): { text: string; tone: PaletteTone } {
  if (!employee.isActive) return { text: m.disabled, tone: 'error' };
  if (!employee.invitationAccepted) return { text: m.invited, tone: 'warning' };
  return { text: m.active, tone: 'success' };
}

export function StatusChip({ employee }: { employee: Employee }) {
  const status = statusOf(employee);
  return <TintedChip tone={status.tone} label={status.text} />;
}

interface EmployeesTableProps {
  rows: readonly Employee[];
  /** Sr.No. of the first row (the page's offset + 1). */
  firstNumber: number;
  /** Phones get a list of cards instead of the table. */
  asCards: boolean;
  /** No rows, and none loading: the empty text is shown. */
  empty: boolean;
  /**
   * The rows are about to change (a search typed but not yet sent, or a page on its way): said as
   * aria-busy, so that assistive technology (and a test) waits for the rows the search asked for.
   */
  busy: boolean;
  onEdit: (employee: Employee) => void;
  onToggle: (employee: Employee) => void;
}

/** The switch of a row: on while the employee is enabled; asks before it changes anything. */
function StatusSwitch({
  employee,
  onToggle,
}: {
  employee: Employee;
  onToggle: (e: Employee) => void;
}) {
  return (
    <Switch
      checked={employee.isActive}
      onChange={() => onToggle(employee)}
      slotProps={{
        input: {
          'aria-label': employee.isActive
            ? m.disableLabel(employee.name)
            : m.enableLabel(employee.name),
        },
      }}
    />
  );
}

/**
 * The Employees list: Sr.No., Name, E-mail, Mobile, Employee Code, Status and the actions (edit,
 * enable/disable). A disabled employee's row is greyed; its edit stays available. On phones each
 * employee is a card with the same facts and its actions in view.
 */
export function EmployeesTable({
  rows,
  firstNumber,
  asCards,
  empty,
  busy,
  onEdit,
  onToggle,
}: EmployeesTableProps) {
  if (asCards) {
    return (
      <Box component="ol" aria-label={m.tableLabel} aria-busy={busy} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {empty && (
          <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {m.empty}
          </Typography>
        )}
        {rows.map((employee, i) => (
          <Box
            component="li"
            key={employee._id}
            data-testid="employee-card"
            sx={{
              px: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: employee.isActive ? undefined : 'grey.100',
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {firstNumber + i}. {employee.name}
              </Typography>
              <StatusChip employee={employee} />
            </Box>
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 0.5,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1.5,
                rowGap: 0.25,
              }}
            >
              {(
                [
                  [m.email, employee.email],
                  [m.mobile, employee.mobile],
                  [m.code, employee.code],
                ] as const
              ).map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, overflowWrap: 'anywhere' }}
                  >
                    {value ?? '—'}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}
            >
              <Button
                size="small"
                startIcon={<EditOutlined fontSize="small" />}
                onClick={() => onEdit(employee)}
                aria-label={m.editLabel(employee.name)}
              >
                {m.editEmployee}
              </Button>
              <StatusSwitch employee={employee} onToggle={onToggle} />
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

  const head = [m.srNo, m.name, m.email, m.mobile, m.code, m.status];
  return (
    <TableContainer>
      <Table aria-label={m.tableLabel} aria-busy={busy} size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
            <TableCell sx={{ fontWeight: 600 }} align="right">
              {m.actions}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {empty && (
            <TableRow>
              <TableCell
                colSpan={head.length + 1}
                align="center"
                sx={{ py: 4, color: 'text.secondary' }}
              >
                {m.empty}
              </TableCell>
            </TableRow>
          )}
          {rows.map((employee, i) => (
            <TableRow
              key={employee._id}
              hover
              data-inactive={!employee.isActive || undefined}
              sx={employee.isActive ? undefined : { bgcolor: 'grey.100' }}
            >
              <TableCell>{firstNumber + i}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{employee.name}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{employee.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{employee.mobile ?? '—'}</TableCell>
              <TableCell>{employee.code ?? '—'}</TableCell>
              <TableCell>
                <StatusChip employee={employee} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  color="primary"
                  onClick={() => onEdit(employee)}
                  aria-label={m.editLabel(employee.name)}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
                <StatusSwitch employee={employee} onToggle={onToggle} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
