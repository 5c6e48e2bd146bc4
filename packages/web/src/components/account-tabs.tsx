import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { SHELL_PREFIX } from '@palisade/domain/user-types';

const m = employeeMessages;

/** The contractor's Account page: its profile, and its employees (DECISIONS.md, Employee). */
export const CONTRACTOR_ACCOUNT_PATHS = {
  profile: `${SHELL_PREFIX.contractor}/account`,
  employees: `${SHELL_PREFIX.contractor}/account/employees`,
} as const;

export type ContractorAccountTab = keyof typeof CONTRACTOR_ACCOUNT_PATHS;

/** The Profile and Employees tabs of the contractor's Account page (links: each has its own URL). */
export function ContractorAccountTabs({ value }: { value: ContractorAccountTab }) {
  return (
    <Tabs
      value={value}
      aria-label={m.tabsLabel}
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab
        value="profile"
        label={m.profileTab}
        component={RouterLink}
        to={CONTRACTOR_ACCOUNT_PATHS.profile}
      />
      <Tab
        value="employees"
        label={m.employeesTab}
        component={RouterLink}
        to={CONTRACTOR_ACCOUNT_PATHS.employees}
      />
    </Tabs>
  );
}
