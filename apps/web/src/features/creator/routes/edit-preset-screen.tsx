import { useParams } from 'react-router';
import { useEditableItem } from '../api/editable-item.ts';
import { ItemEditor } from '../components/item-editor.tsx';
import { StudioScreenState } from '../components/studio-screen-state.tsx';

/** /editpreset/{doc_slug}: a preset's details, its plugin target, the preset file and its preview audio. */
export default function EditPresetScreen() {
  const { docSlug = '' } = useParams();
  const item = useEditableItem(docSlug);
  return (
    <StudioScreenState query={item} notFound={{ screenTitle: 'Edit preset', what: 'preset', browse: { to: '/creator', label: 'Your studio' } }} errorTitle="This preset did not load">
      {(data) => <ItemEditor key={data.id} item={data} expectedType="preset" />}
    </StudioScreenState>
  );
}
