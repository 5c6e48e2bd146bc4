import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { ComplianceMatrix } from '../components/compliance-matrix';
import { RequirementsPanel } from '../components/requirements-panel';

const t = complianceScreensMessages;

/** The URL's tab parameter: the requirements; none is the matrix. */
const TAB_PARAM = 'tab';
const REQUIREMENTS_TAB = 'requirements';

/**
 * /sapphire/compliance (issue 57): the matrix of contractors × requirements, and the Requirements
 * tab where the organisation adds, edits and retires what it requires (?tab=requirements).
 */
export function CompliancePage() {
  const profile = useProfile();
  const companyId = workingOrganisationId(profile) ?? '';
  const [params, setParams] = useSearchParams();
  const tab = params.get(TAB_PARAM) === REQUIREMENTS_TAB ? REQUIREMENTS_TAB : 'matrix';
  return (
    <Page title={t.title} breadcrumbs={[{ label: t.title }]}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          aria-label={t.tabsLabel}
          onChange={(_event, next: string) =>
            setParams(next === REQUIREMENTS_TAB ? { [TAB_PARAM]: REQUIREMENTS_TAB } : {})
          }
        >
          <Tab value="matrix" label={t.matrixTab} />
          <Tab value={REQUIREMENTS_TAB} label={t.requirementsTab} />
        </Tabs>
      </Box>
      {tab === REQUIREMENTS_TAB ? (
        <RequirementsPanel companyId={companyId} />
      ) : (
        <ComplianceMatrix companyId={companyId} viewer="organisation" />
      )}
    </Page>
  );
}

/** /auditor/compliance (issue 57): the same matrix, read-only (a cell's history offers the review). */
export function AuditorCompliancePage() {
  const profile = useProfile();
  const companyId = workingOrganisationId(profile) ?? '';
  return (
    <Page title={t.title} breadcrumbs={[{ label: t.title }]}>
      <ComplianceMatrix companyId={companyId} viewer="auditor" />
    </Page>
  );
}
