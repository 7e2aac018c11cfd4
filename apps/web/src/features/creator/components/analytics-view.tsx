import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Anchor, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ANALYTICS_GRANULARITIES, ANALYTICS_METRIC_LABELS, ANALYTICS_METRICS, type AnalyticsCounters, type AnalyticsEarnings, type AnalyticsGranularity, type AnalyticsMetric, type AnalyticsPoint, type TopItem } from '@crate/contract/analytics';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../components/money.ts';
import { downloadThroughFetch } from '../download-file.ts';
import { DEFAULT_RANGE, RANGE_CHOICES, daysOf, defaultGranularity, isRangeChoice, periodLabel, type RangeChoice } from '../analytics-range.ts';
import type { AnalyticsRangeQuery } from '../api/analytics.ts';

const GRANULARITY_LABELS: Record<AnalyticsGranularity, string> = { day: 'Day', week: 'Week', month: 'Month' };
const METRIC_COLORS: Record<AnalyticsMetric, string> = { plays: 'ember.5', downloads: 'blue.5', gets: 'teal.5', favorites: 'pink.5', playlist_adds: 'grape.5', credits: 'yellow.5' };
const number = new Intl.NumberFormat('en');

/** The range, granularity and charted metric, kept in the address so a view can be shared and reloaded. */
export function useAnalyticsControls() {
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get('range');
  const choice: RangeChoice = isRangeChoice(rangeParam) ? rangeParam : DEFAULT_RANGE;
  const granularityParam = params.get('by');
  const granularity = (ANALYTICS_GRANULARITIES as readonly string[]).includes(granularityParam ?? '') ? (granularityParam as AnalyticsGranularity) : defaultGranularity(choice);
  const metricParam = params.get('metric');
  const metric = (ANALYTICS_METRICS as readonly string[]).includes(metricParam ?? '') ? (metricParam as AnalyticsMetric) : 'plays';
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        if (key === 'range') next.delete('by');
        return next;
      },
      { replace: true },
    );
  const range: AnalyticsRangeQuery = { ...daysOf(choice), granularity };
  return { choice, granularity, metric, range, setChoice: (v: RangeChoice) => set('range', v), setGranularity: (v: AnalyticsGranularity) => set('by', v), setMetric: (v: AnalyticsMetric) => set('metric', v) };
}

export function AnalyticsControls({ controls, csvUrl, busy }: { controls: ReturnType<typeof useAnalyticsControls>; csvUrl: string; busy: boolean }) {
  return (
    <Group gap="sm" align="flex-end" mb="lg" wrap="wrap">
      <Select
        label="Range"
        data={RANGE_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
        value={controls.choice}
        onChange={(v) => v && isRangeChoice(v) && controls.setChoice(v)}
        allowDeselect={false}
        w={180}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="analytics-granularity-label">
          By
        </Text>
        <SegmentedControl
          aria-labelledby="analytics-granularity-label"
          data={ANALYTICS_GRANULARITIES.map((g) => ({ value: g, label: GRANULARITY_LABELS[g] }))}
          value={controls.granularity}
          onChange={(v) => controls.setGranularity(v as AnalyticsGranularity)}
        />
      </Stack>
      <CsvDownloadButton url={csvUrl} />
      {busy ? (
        <Text size="sm" c="dimmed" role="status">
          Updating…
        </Text>
      ) : null}
    </Group>
  );
}

function CsvDownloadButton({ url }: { url: string }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    await downloadThroughFetch(url, 'analytics.csv', 'The CSV could not be downloaded');
    setPending(false);
  };
  return (
    <Button variant="default" loading={pending} onClick={() => void download()} leftSection={<IconDownload size={16} aria-hidden />}>
      Download CSV
    </Button>
  );
}

/** What the sounds earned in money (decision 0055), labelled estimated while a month of it is not approved. */
function earningsLabel(earnings: AnalyticsEarnings): string {
  return `${formatMoney(earnings.total_cents, earnings.currency)}${earnings.estimated ? ' (estimated)' : ''}`;
}

/** The six totals of the range, and the money they earned. */
export function AnalyticsTotals({ totals, earnings }: { totals: AnalyticsCounters; earnings: AnalyticsEarnings }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} mb="lg">
      {ANALYTICS_METRICS.map((metric) => (
        <Paper key={metric} withBorder p="md" bg="dark.7">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {ANALYTICS_METRIC_LABELS[metric]}
          </Text>
          <Text size="xl" fw={700} data-metric={metric}>
            {number.format(totals[metric])}
          </Text>
        </Paper>
      ))}
      <Paper withBorder p="md" bg="dark.7">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Earned{earnings.estimated ? ' (estimated)' : ''}
        </Text>
        <Text size="xl" fw={700} data-metric="earnings">
          {formatMoney(earnings.total_cents, earnings.currency)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatMoney(earnings.pool_cents, earnings.currency)} for credits · {formatMoney(earnings.sales_cents, earnings.currency)} from sales, before splits
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

/** One metric over the range: an area for plays (many small numbers), bars for the rest. */
export function AnalyticsChart({ series, granularity, metric, onMetric, totals }: { series: AnalyticsPoint[]; granularity: AnalyticsGranularity; metric: AnalyticsMetric; onMetric: (m: AnalyticsMetric) => void; totals: AnalyticsCounters }) {
  const data = series.map((point) => ({ period: periodLabel(point.period, granularity), [ANALYTICS_METRIC_LABELS[metric]]: point[metric] }));
  const chartSeries = [{ name: ANALYTICS_METRIC_LABELS[metric], color: METRIC_COLORS[metric] }];
  const nothing = ANALYTICS_METRICS.every((m) => totals[m] === 0);
  return (
    <Paper withBorder p="md" bg="dark.7" mb="xl">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4">
          {ANALYTICS_METRIC_LABELS[metric]} over time
        </Title>
        <SegmentedControl size="xs" aria-label="Metric to chart" data={ANALYTICS_METRICS.map((m) => ({ value: m, label: ANALYTICS_METRIC_LABELS[m] }))} value={metric} onChange={(v) => onMetric(v as AnalyticsMetric)} />
      </Group>
      {nothing ? (
        <EmptyState title="Nothing counted in this range yet" icon={<IconChartBar size={26} />}>
          Plays appear once someone has listened to a preview for a few seconds; gets, favorites, playlist adds and downloads as they happen.
        </EmptyState>
      ) : (
        <div role="img" aria-label={`${ANALYTICS_METRIC_LABELS[metric]} by ${granularity}: ${number.format(totals[metric])} in total`}>
          {metric === 'plays' ? (
            <AreaChart h={280} data={data} dataKey="period" series={chartSeries} curveType="linear" withDots={series.length <= 31} valueFormatter={(v) => number.format(v)} yAxisProps={{ allowDecimals: false }} />
          ) : (
            <BarChart h={280} data={data} dataKey="period" series={chartSeries} valueFormatter={(v) => number.format(v)} yAxisProps={{ allowDecimals: false }} />
          )}
        </div>
      )}
    </Paper>
  );
}

/** A pack's items with the most plays in the range. */
export function TopItemsTable({ items }: { items: TopItem[] }) {
  if (items.length === 0) return <EmptyState title="No sound of this pack was played, got or saved in this range" />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Top sounds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sound</Table.Th>
            {ANALYTICS_METRICS.map((metric) => (
              <Table.Th key={metric} ta="right">
                {ANALYTICS_METRIC_LABELS[metric]}
              </Table.Th>
            ))}
            <Table.Th ta="right">Earned</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor component={Link} to={`/itemanalytics/${item.slug}`}>
                  {item.name}
                </Anchor>
              </Table.Td>
              {ANALYTICS_METRICS.map((metric) => (
                <Table.Td key={metric} ta="right">
                  {number.format(item[metric])}
                </Table.Td>
              ))}
              <Table.Td ta="right">{earningsLabel(item.earnings)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
