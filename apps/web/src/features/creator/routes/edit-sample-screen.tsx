import { useParams } from 'react-router';
import { useEditableItem } from '../api/editable-item.ts';
import { ItemEditor } from '../components/item-editor.tsx';
import { StudioScreenState } from '../components/studio-screen-state.tsx';

/** /editsample/{doc_slug}: a sample's details and its sound. */
export default function EditSampleScreen() {
  const { docSlug = '' } = useParams();
  const item = useEditableItem(docSlug);
  return (
    <StudioScreenState query={item} notFound={{ screenTitle: 'Edit sample', what: 'sample', browse: { to: '/creator', label: 'Your studio' } }} errorTitle="This sample did not load">
      {(data) => <ItemEditor key={data.id} item={data} expectedType="sample" />}
    </StudioScreenState>
  );
}
