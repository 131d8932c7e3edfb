/**
 * The UI area of a device (spec §3 fDOUIMode, fDODIMode, images): each output's mode in the device
 * UI, the open-all and close-all buttons, which channels the equipment page shows, and the channel
 * pictures. With the edit right an editable form saved as one PATCH of what changed; without it
 * the same settings as text.
 */
import { useCallback } from 'react';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { ChannelTabFrame, hasChannels } from './channel-fields';
import { useChannelForm } from './channel-draft';
import { displayChanges, displayFromRecord, sameDisplay, validateDisplay } from './display-model';
import type { DisplayDraft } from './display-model';
import { DisplayImages } from './DisplayImages';
import { DisplayModes } from './DisplayModes';
import { DisplayShown } from './DisplayShown';

export default function DisplayTab({ record }: { readonly record: Equipment }) {
  const type = useDirectory((d) => d.types[record.type]);
  const { counts } = record;
  const relayModes = type?.relayModes;
  const validate = useCallback(
    (draft: DisplayDraft) => validateDisplay(draft, counts, relayModes),
    [counts, relayModes],
  );
  const form = useChannelForm(record, {
    fromRecord: displayFromRecord,
    same: sameDisplay,
    validate,
    changes: displayChanges,
  });
  const { draft, setDraft, errors, editable } = form;

  return (
    <ChannelTabFrame area="display" counts={counts} form={form}>
      {counts.do > 0 && (
        <DisplayModes
          draft={draft}
          errors={errors}
          editable={editable}
          relayModes={relayModes}
          names={record.settings.do.names}
          setMode={(index, change) =>
            setDraft((d) => ({ ...d, modes: d.modes.map((m, i) => (i === index ? { ...m, ...change } : m)) }))
          }
          setButtons={(change) => setDraft((d) => ({ ...d, ...change }))}
        />
      )}
      {hasChannels(counts) && (
        <DisplayShown
          record={record}
          draft={draft}
          errors={errors}
          editable={editable}
          setShown={(kind, shown) => setDraft((d) => ({ ...d, shown: { ...d.shown, [kind]: shown } }))}
        />
      )}
      <DisplayImages
        record={record}
        draft={draft}
        editable={editable}
        setImage={(list, index, name) =>
          setDraft((d) => ({
            ...d,
            images: { ...d.images, [list]: d.images[list].map((v, i) => (i === index ? name : v)) },
          }))
        }
      />
    </ChannelTabFrame>
  );
}
