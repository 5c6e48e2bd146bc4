import type { HTMLAttributes } from 'react';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import type { ComplianceStatus, OverallCompliance } from '@palisade/domain/compliance/compliance.rules';

/** A palette colour of the theme, or the neutral grey of "nothing yet". */
export type ComplianceTone = 'success' | 'warning' | 'error' | 'info' | 'default';

/** Each status's colour: valid green, expiring amber, expired and rejected red, submitted blue, missing grey. */
export const STATUS_TONE: Record<ComplianceStatus, ComplianceTone> = {
  VALID: 'success',
  EXPIRING: 'warning',
  EXPIRED: 'error',
  REJECTED: 'error',
  SUBMITTED: 'info',
  MISSING: 'default',
};

/** Each overall state's colour. */
export const OVERALL_TONE: Record<OverallCompliance, ComplianceTone> = {
  COMPLIANT: 'success',
  EXPIRING: 'warning',
  NOT_COMPLIANT: 'error',
};

/** The chip's border colour from the theme. */
export function toneColour(theme: Theme, tone: ComplianceTone): string {
  return tone === 'default' ? theme.palette.grey[500] : theme.palette[tone].main;
}

interface ChipProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color'> {
  tone: ComplianceTone;
  label: string;
}

/**
 * A small tinted label (the shared TintedChip's measures) that also has the grey of a missing
 * document: a light fill and a border in the colour, dark text, so the light warning and info
 * colours stay readable (WCAG contrast).
 */
export function ComplianceChip({ tone, label, ...props }: ChipProps) {
  return (
    <Box
      component="span"
      {...props}
      sx={(theme) => ({
        display: 'inline-block',
        verticalAlign: 'middle',
        boxSizing: 'border-box',
        flexShrink: 0,
        height: 24,
        px: '7px',
        borderRadius: '12px',
        border: 1,
        borderColor: toneColour(theme, tone),
        backgroundColor: alpha(toneColour(theme, tone), 0.12),
        color: 'text.primary',
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.pxToRem(13),
        fontWeight: 600,
        lineHeight: '22px',
        whiteSpace: 'nowrap',
      })}
    >
      {label}
    </Box>
  );
}

/** One requirement's status for one contractor: Missing, Submitted, Valid, Expiring, Expired or Rejected. */
export function ComplianceStatusChip({ status }: { status: ComplianceStatus }) {
  return (
    <ComplianceChip
      tone={STATUS_TONE[status]}
      label={complianceMessages.statusLabels[status]}
      data-status={status}
    />
  );
}

/** A contractor's overall state: Compliant, Expiring or Not compliant. */
export function OverallComplianceChip({ overall }: { overall: OverallCompliance }) {
  return (
    <ComplianceChip
      tone={OVERALL_TONE[overall]}
      label={complianceMessages.overallLabels[overall]}
      data-overall={overall}
    />
  );
}
