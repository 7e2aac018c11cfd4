import { Anchor, Code, Container, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PRESET_PLUGINS } from '@crate/contract/catalogue-enums';
import { PRESET_EXTENSIONS } from '@crate/contract/pack-file-kind';
import { ACCEPTED_BIT_DEPTHS, ACCEPTED_FORMATS, AUDIO_MAX_SECONDS, formatBytes, formatDuration, IMAGE_MAX_PIXELS_LABEL, STUDIO_LIMITS } from '@crate/contract/studio-limits';

const upper = (list: readonly string[]) => list.map((x) => x.toUpperCase()).join(', ');

/** /packuploadinstructions (blank layout): how to prepare a pack so that it uploads, sorts and fills itself in. */
export default function PackUploadInstructionsScreen() {
  const sizes = STUDIO_LIMITS.fileMaxBytes;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
            Crate studio
          </Text>
          <Title order={1}>Pack upload instructions</Title>
          <Text c="dimmed" size="lg" mt={6}>
            Prepare the folder once and Crate sorts every file, fills in names, BPM and keys, and checks the audio before anyone hears it.
          </Text>
        </div>

        <Paper withBorder p="lg" bg="dark.7">
          <Title order={2} size="h3" mb="sm">
            1. Arrange the folder
          </Title>
          <List spacing={6} size="sm">
            <List.Item>Put sounds in folders by type (<Code>Drums/Kicks</Code>, <Code>Loops/Keys</Code>). Folders are kept as each file's path.</List.Item>
            <List.Item>Stems go in a <Code>Stems</Code> folder beside their full mix, or are named after it (<Code>Sunset Loop - Stem Bass.wav</Code>).</List.Item>
            <List.Item>MIDI goes beside the sound it plays (same name, <Code>.mid</Code>).</List.Item>
            <List.Item>A preset's preview has the preset's name: <Code>Growl.fxp</Code> + <Code>Growl.mp3</Code>.</List.Item>
            <List.Item>One square image is the cover art; a file named <Code>Preview</Code> or <Code>Demo</Code> at the top is the pack's preview.</List.Item>
          </List>
        </Paper>

        <Paper withBorder p="lg" bg="dark.7">
          <Title order={2} size="h3" mb="sm">
            2. Name files so they fill themselves in
          </Title>
          <Text size="sm" mb="xs">
            Tempo, key and kind in the file name become the sound's fields: <Code>Kick_120bpm_Cmin.wav</Code>, <Code>Keys Loop 92 BPM F#m.wav</Code>, <Code>Vox Chop (Eb minor) 128bpm.wav</Code>. When the
            name says nothing, Crate listens to the audio and suggests BPM and key with how sure it is. You check everything in the sounds table before submitting.
          </Text>
        </Paper>

        <Paper withBorder p="lg" bg="dark.7">
          <Title order={2} size="h3" mb="sm">
            3. Formats and sizes
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={6} aria-label="Accepted formats and sizes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Formats</Table.Th>
                  <Table.Th>At most</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>Sounds and stems</Table.Td>
                  <Table.Td>
                    {upper(ACCEPTED_FORMATS.sound)} ({ACCEPTED_BIT_DEPTHS.join(', ')}-bit)
                  </Table.Td>
                  <Table.Td>
                    {formatBytes(sizes['Sample audio'])}, {formatDuration(AUDIO_MAX_SECONDS['Sample audio'])}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Pack previews</Table.Td>
                  <Table.Td>{upper(ACCEPTED_FORMATS.preview)}</Table.Td>
                  <Table.Td>
                    {formatBytes(sizes['Pack preview audio'])}, {formatDuration(AUDIO_MAX_SECONDS['Pack preview audio'])}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Preset previews</Table.Td>
                  <Table.Td>{upper(ACCEPTED_FORMATS.preview)}</Table.Td>
                  <Table.Td>
                    {formatBytes(sizes['Preset preview audio'])}, {formatDuration(AUDIO_MAX_SECONDS['Preset preview audio'])}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>MIDI</Table.Td>
                  <Table.Td>{upper(ACCEPTED_FORMATS.midi)}</Table.Td>
                  <Table.Td>{formatBytes(sizes.Midi)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Cover art</Table.Td>
                  <Table.Td>
                    {upper(ACCEPTED_FORMATS.image)}, at least {STUDIO_LIMITS.coverMinPixels} × {STUDIO_LIMITS.coverMinPixels}, at most {IMAGE_MAX_PIXELS_LABEL}
                  </Table.Td>
                  <Table.Td>{formatBytes(sizes['Cover art'])}</Table.Td>
                </Table.Tr>
                {PRESET_PLUGINS.map((plugin) => (
                  <Table.Tr key={plugin}>
                    <Table.Td>{/ presets$/i.test(plugin) ? plugin : `${plugin} presets`}</Table.Td>
                    <Table.Td>{upper(PRESET_EXTENSIONS[plugin])}</Table.Td>
                    <Table.Td>{formatBytes(sizes.Preset)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td>A whole pack as one zip</Table.Td>
                  <Table.Td>ZIP (no symlinks, no encryption)</Table.Td>
                  <Table.Td>{formatBytes(STUDIO_LIMITS.zipMaxBytes)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed" mt="sm">
            A pack holds up to {STUDIO_LIMITS.packMaxFiles} files and {formatBytes(STUDIO_LIMITS.packMaxBytes)}; your uploads together may take {formatBytes(STUDIO_LIMITS.creatorMaxBytes)}. Files are checked by their content, not their extension: a text file
            renamed <Code>.wav</Code>, a cut-short WAV, a sound longer than its kind may be, an empty file or the same sound twice is pointed out with what to do.
          </Text>
        </Paper>

        <Paper withBorder p="lg" bg="dark.7">
          <Title order={2} size="h3" mb="sm">
            4. Upload, check, submit
          </Title>
          <List spacing={6} size="sm" type="ordered">
            <List.Item>Describe the pack (title, genres, licence, prices) and choose its cover.</List.Item>
            <List.Item>Drop the folder or one zip. Each file uploads on its own and resumes after a dropped connection; if the page reloads, drop the same files again.</List.Item>
            <List.Item>Check the sounds table: names, kinds, BPM, keys, credits. Select rows to set fields for many at once.</List.Item>
            <List.Item>Submit. An admin reviews it; then every file is checked and previewed, and the pack is published and searchable.</List.Item>
          </List>
          <Anchor component={Link} to="/packupload" mt="md" display="inline-block">
            Start a pack
          </Anchor>
        </Paper>
      </Stack>
    </Container>
  );
}
