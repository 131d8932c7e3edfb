/**
 * The scene rule of the `scene` and `scene2` pages (docs/protocol.md § Scene): the scene type and
 * the sub-form of its family, each in its own file. A type the specification does not define is
 * shown as err with its code and the eleven bytes it holds, which are kept as read until the user
 * picks a defined type; switching type gives a blank of the new type keeping what carries over
 * (blank.ts). A scene has no name on the wire: the twelve bytes hold none, so none is asked for.
 */
import { toHex } from '@fieldlink/protocol';
import type { SceneRule } from '@fieldlink/protocol';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RuleEditorProps } from '../context';
import { CodeSelect } from '../fields';
import { AssignmentFields } from './AssignmentFields';
import { sceneWithType } from './blank';
import { FlowFields } from './FlowFields';
import { FunctionFields } from './FunctionFields';
import { MarqueeFields } from './MarqueeFields';
import { SCENE_TYPE_OPTIONS } from './options';
import { SimultaneousFields } from './SimultaneousFields';
import { StepFields } from './StepFields';

/** What the chosen type does, under the type. */
function typeNote(rule: SceneRule, t: TFunction): string {
  if ('raw' in rule) return t('rules.scene.unknownType', { code: rule.type });
  switch (rule.type) {
    case 0:
      return t('rules.scene.notes.disabled');
    case 1:
      return t('rules.scene.notes.marquee');
    case 2:
      return t('rules.scene.notes.waterFlow');
    case 3:
    case 4:
      return t('rules.scene.notes.inTurn');
    case 5:
    case 6:
      return t('rules.scene.notes.inSequence');
    case 7:
      return t('rules.scene.notes.simultaneous');
    case 10:
      return t('rules.scene.notes.function');
    case 20:
      return t('rules.scene.notes.assignment');
    case 30:
      return t('rules.scene.notes.flow');
  }
}

/** The sub-form of the scene's family; none for a disabled or unknown scene. */
function SubForm({ value, onChange, context }: RuleEditorProps<SceneRule>) {
  const { t } = useTranslation();
  if ('raw' in value) {
    return (
      <Typography.Paragraph data-testid="rule-raw">
        {t('rules.scene.rawBytes')}{' '}
        <Typography.Text code>{toHex(Uint8Array.from(value.raw))}</Typography.Text>
      </Typography.Paragraph>
    );
  }
  const props = { context, onChange };
  switch (value.type) {
    case 0:
      return null;
    case 1:
    case 2:
      return <MarqueeFields value={value} {...props} />;
    case 3:
    case 4:
    case 5:
    case 6:
      return <StepFields value={value} {...props} />;
    case 7:
      return <SimultaneousFields value={value} {...props} />;
    case 10:
      return <FunctionFields value={value} {...props} />;
    case 20:
      return <AssignmentFields value={value} {...props} />;
    case 30:
      return <FlowFields value={value} {...props} />;
  }
}

export default function SceneEditor({ value, onChange, context }: RuleEditorProps<SceneRule>) {
  const { t } = useTranslation();
  return (
    <>
      <CodeSelect
        label={t('rules.scene.type')}
        value={value.type}
        options={SCENE_TYPE_OPTIONS}
        lang={context.lang}
        disabled={context.readOnly}
        onChange={(type) => onChange(sceneWithType(value, type, context.counts))}
        extra={typeNote(value, t)}
        testId="rule-sceneType"
      />
      <SubForm
        // Another type is another form: fields do not carry what was typed into the new one.
        key={value.type}
        value={value}
        onChange={onChange}
        context={context}
      />
    </>
  );
}
