import { Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';

export interface LookupPickerProps<T> {
  /** The search box's label ("Find sounds to add"). */
  label: string;
  placeholder: string;
  /** The lookup for the debounced text (disabled while it is empty). */
  useResults(q: string): UseQueryResult<T[]>;
  idOf(item: T): string;
  nameOf(item: T): string;
  render(item: T): ReactNode;
  /** Ids already chosen: their Add button says so instead. */
  chosen: ReadonlySet<string>;
  onPick(item: T): Promise<unknown>;
}

/** A search box and its matches, each with an Add button: how admins choose sounds, packs and creators. */
export function LookupPicker<T>({ label, placeholder, useResults, idOf, nameOf, render, chosen, onPick }: LookupPickerProps<T>) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const results = useResults(q);
  const [adding, setAdding] = useState<string | null>(null);
  const pick = async (item: T) => {
    setAdding(idOf(item));
    try {
      await onPick(item);
    } finally {
      setAdding(null);
    }
  };
  const rows = q === '' ? [] : (results.data ?? []);
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
        type="search"
      />
      {results.isError ? <ApiErrorAlert error={results.error} title="The search did not answer" /> : null}
      {q !== '' && results.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing matches “{q}”.
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <Stack gap={4} component="ul" aria-label={`Matches for ${q}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((item) => {
            const id = idOf(item);
            const taken = chosen.has(id);
            return (
              <Paper key={id} component="li" withBorder radius="md" p="xs" bg="dark.7" data-lookup-id={id}>
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>{render(item)}</div>
                  <Button
                    size="xs"
                    variant={taken ? 'subtle' : 'light'}
                    leftSection={taken ? undefined : <IconPlus size={14} aria-hidden />}
                    disabled={taken}
                    loading={adding === id}
                    aria-label={taken ? `${nameOf(item)} is added` : `Add ${nameOf(item)}`}
                    onClick={() => void pick(item)}
                  >
                    {taken ? 'Added' : 'Add'}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
