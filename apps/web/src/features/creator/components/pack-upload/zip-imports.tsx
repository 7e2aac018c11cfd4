import { Alert, Paper, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileZip, IconInfoCircle } from '@tabler/icons-react';
import type { ZipImport } from '@crate/contract/studio-packs';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Entries a zip left out, each with why: a list to read once the upload is over (it stays after a reload). */
function RefusedEntries({ zip }: { zip: ZipImport }) {
  return (
    <ScrollArea.Autosize mah={260}>
      <Table verticalSpacing={4} miw={520} aria-label={`Left out of ${zip.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File in the zip</Table.Th>
            <Table.Th>Why it was left out</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {zip.refused.map((entry) => (
            <Table.Tr key={entry.path}>
              <Table.Td maw={280}>
                <Text size="sm" truncate="end" title={entry.path}>
                  {entry.path}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {entry.reason}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function ZipImportCard({ zip }: { zip: ZipImport }) {
  if (zip.state === 'unpacking') {
    const percent = zip.total > 0 ? Math.round((zip.done / zip.total) * 100) : 0;
    return (
      <Paper withBorder p="md" bg="dark.7" aria-label={`Unpacking ${zip.name}`}>
        <Stack gap={6}>
          <Text fw={600}>
            <IconFileZip size={16} aria-hidden /> Unpacking {zip.name}
          </Text>
          <Progress value={percent} animated color="ember" aria-label={`${zip.name}: unpacked ${percent} %`} />
          <Text size="xs" c="dimmed" role="status">
            {zip.done} of {plural(zip.total, 'file', 'files')} looked at. Its sounds appear in the pack when every file has been checked; you can leave this page meanwhile.
          </Text>
        </Stack>
      </Paper>
    );
  }
  if (zip.state === 'refused' || zip.state === 'failed') {
    return (
      <Alert color="red" variant="light" title={`${zip.name} was not used`} aria-label={`${zip.name} was not used`}>
        <Text size="sm">{zip.error}</Text>
        {zip.refused.length > 0 ? <RefusedEntries zip={zip} /> : null}
      </Alert>
    );
  }
  const title = `${zip.name}: ${plural(zip.imported, 'file', 'files')} added${zip.refused.length > 0 ? `, ${zip.refused.length} left out` : ''}`;
  return (
    <Alert color={zip.refused.length > 0 ? 'yellow' : 'teal'} variant="light" icon={<IconInfoCircle size={18} />} title={title} aria-label={title}>
      {zip.refused.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm">The other files of the zip are in the pack. Fix these and upload them on their own, or leave them out.</Text>
          <RefusedEntries zip={zip} />
        </Stack>
      ) : (
        <Text size="sm">Every file of the zip is in the pack.</Text>
      )}
    </Alert>
  );
}

/** The pack's zips, newest first: the one unpacking with its progress, the ones unpacked with what they left out. */
export function ZipImports({ imports }: { imports: readonly ZipImport[] }) {
  if (imports.length === 0) return null;
  return (
    <Stack gap="sm" aria-label="Zips of the pack">
      {imports.map((zip) => (
        <ZipImportCard key={zip.id} zip={zip} />
      ))}
    </Stack>
  );
}
