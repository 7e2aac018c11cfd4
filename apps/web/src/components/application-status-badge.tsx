import { Badge } from '@mantine/core';
import { CREATOR_APPLICATION_STATUS_LABELS } from '@crate/contract/creator-application';
import type { CreatorApplicationStatus } from '@crate/contract/creator-enums';

const COLORS: Record<CreatorApplicationStatus, string> = { submitted: 'blue', needs_changes: 'yellow', approved: 'teal', declined: 'red' };

export function ApplicationStatusBadge({ status }: { status: CreatorApplicationStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" size="lg">
      {CREATOR_APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
