import { Button } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { API } from '@crate/contract/api-endpoints';
import type { PayoutLineKind } from '@crate/contract/payout-enums';
import { buildPath } from '../lib/api-client.ts';
import { downloadThroughFetch } from '../features/creator/download-file.ts';

/** Where the browser downloads a month's statement (the session cookie authorizes it): a creator's earnings, or an affiliate's commissions. */
function statementUrl(kind: PayoutLineKind, month: string, format: 'pdf' | 'csv'): string {
  const endpoint =
    kind === 'creator'
      ? format === 'pdf'
        ? API.downloadEarningsStatementPdf
        : API.downloadEarningsStatementCsv
      : format === 'pdf'
        ? API.downloadAffiliateStatementPdf
        : API.downloadAffiliateStatementCsv;
  return buildPath(endpoint.path, { month });
}

/** A month's statement, fetched so a refusal (the export budget) is a message here, not a file of JSON. */
export function StatementButton({ kind, month, format, label }: { kind: PayoutLineKind; month: string; format: 'pdf' | 'csv'; label: string }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    await downloadThroughFetch(statementUrl(kind, month, format), `crate-${kind === 'affiliate' ? 'affiliate-' : ''}statement-${month}.${format}`, 'The statement could not be downloaded');
    setPending(false);
  };
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      loading={pending}
      onClick={() => void download()}
      aria-label={`Statement for ${label} as ${format.toUpperCase()}`}
      leftSection={format === 'pdf' ? <IconFileTypePdf size={14} aria-hidden /> : <IconFileTypeCsv size={14} aria-hidden />}
    >
      {format.toUpperCase()}
    </Button>
  );
}
