import { PACK_STATUS } from '@crate/contract/pack-status';
import { Button, Container, Group, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PackStatusBadge } from '../../../components/pack-status-badge.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { packAnalyticsCsvUrl, usePackAnalytics } from '../api/analytics.ts';
import { AnalyticsChart, AnalyticsControls, AnalyticsTotals, TopItemsTable, useAnalyticsControls } from '../components/analytics-view.tsx';
import { StudioScreenState } from '../components/studio-screen-state.tsx';

/** /packanalytics/{id}: a pack's figures over time, and its sounds that did best in the range. */
export default function PackAnalyticsScreen() {
  const { id = '' } = useParams();
  const controls = useAnalyticsControls();
  const analytics = usePackAnalytics(id, controls.range);
  return (
    <StudioScreenState query={analytics} notFound={{ screenTitle: 'Pack analytics', what: 'pack', browse: { to: '/creator', label: 'Your studio' } }} errorTitle="The figures did not load">
      {(data) => (
        <Container size="lg" py="xl">
          <ScreenHeader eyebrow="Pack analytics" title={data.pack.title} subtitle={<PackStatusBadge status={data.pack.status} published={data.pack.status === PACK_STATUS.published} />} />
          <Group gap="sm" mb="md">
            <Button component={Link} to={`/pack/${data.pack.id}`} variant="default">
              View pack
            </Button>
          </Group>
          <AnalyticsControls controls={controls} csvUrl={packAnalyticsCsvUrl(data.pack.id, controls.range)} busy={analytics.isFetching} />
          <AnalyticsTotals totals={data.totals} earnings={data.earnings} />
          <AnalyticsChart series={data.series} granularity={data.range.granularity} metric={controls.metric} onMetric={controls.setMetric} totals={data.totals} />
          <Title order={2} size="h4" mb="sm">
            Top sounds
          </Title>
          <TopItemsTable items={data.top_items} />
        </Container>
      )}
    </StudioScreenState>
  );
}
