import { Anchor, Button, Container, Group } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { itemAnalyticsCsvUrl, useItemAnalytics } from '../api/analytics.ts';
import { AnalyticsChart, AnalyticsControls, AnalyticsTotals, useAnalyticsControls } from '../components/analytics-view.tsx';
import { StudioScreenState } from '../components/studio-screen-state.tsx';

/** /itemanalytics/{doc_slug}: one sound's plays, downloads, gets, favorites, playlist adds and credits over time. */
export default function ItemAnalyticsScreen() {
  const { docSlug = '' } = useParams();
  const controls = useAnalyticsControls();
  const analytics = useItemAnalytics(docSlug, controls.range);
  return (
    <StudioScreenState query={analytics} notFound={{ screenTitle: 'Item analytics', what: 'sound', browse: { to: '/creator', label: 'Your studio' } }} errorTitle="The figures did not load">
      {(data) => (
        <Container size="lg" py="xl">
          <ScreenHeader
            eyebrow="Item analytics"
            title={data.item.name}
            subtitle={
              <>
                in{' '}
                <Anchor component={Link} to={`/packanalytics/${data.item.pack.id}`}>
                  {data.item.pack.title}
                </Anchor>
              </>
            }
          />
          <Group gap="sm" mb="md">
            <Button component={Link} to={`/item/${data.item.slug}`} variant="default">
              View sound
            </Button>
            <Button component={Link} to={`/${data.item.type === 'preset' ? 'editpreset' : 'editsample'}/${data.item.slug}`} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
              Open in the studio
            </Button>
          </Group>
          <AnalyticsControls controls={controls} csvUrl={itemAnalyticsCsvUrl(data.item.slug, controls.range)} busy={analytics.isFetching} />
          <AnalyticsTotals totals={data.totals} earnings={data.earnings} />
          <AnalyticsChart series={data.series} granularity={data.range.granularity} metric={controls.metric} onMetric={controls.setMetric} totals={data.totals} />
        </Container>
      )}
    </StudioScreenState>
  );
}
