import { Anchor, Badge, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { LicenceType } from '@crate/contract/catalogue-enums';
import { LICENCE_TERMS } from '../../../components/licence-terms.ts';

const COLORS: Record<LicenceType, string> = { 'Royalty-Free': 'teal', 'Royalty A': 'blue', 'Dynamic Splits': 'ember' };

/** The licence as a badge that says what it means on hover and links to the full explanation. */
export function LicenceBadge({ licence }: { licence: LicenceType }) {
  return (
    <Tooltip label={LICENCE_TERMS[licence].short} multiline w={260} withArrow>
      <Anchor component={Link} to={`/splits#${licence.toLowerCase().replace(/\s+/g, '-')}`} underline="never" aria-label={`Licence: ${licence}. ${LICENCE_TERMS[licence].short}`}>
        <Badge color={COLORS[licence]} variant="light" tt="none" size="lg" style={{ cursor: 'pointer' }}>
          {licence}
        </Badge>
      </Anchor>
    </Tooltip>
  );
}
