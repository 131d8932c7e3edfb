/**
 * Opening one set of DO channels and closing another at the same moment (type 7,
 * docs/protocol.md § Simultaneous). A channel in both sets is allowed by the protocol but does two
 * opposite things at once, so it is pointed out.
 */
import type { SimultaneousScene } from '@fieldlink/protocol';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { ConditionFields } from './ConditionFields';
import { channelList, DoSetField } from './DoSetField';

export function SimultaneousFields({ value, onChange, context }: RuleEditorProps<SimultaneousScene>) {
  const { t } = useTranslation();
  const both = value.openChannels.filter((c) => value.closeChannels.includes(c));
  return (
    <>
      <ConditionFields value={value} onChange={onChange} context={context} />
      <DoSetField
        label={t('rules.scene.simultaneous.openChannels')}
        value={value.openChannels}
        context={context}
        onChange={(openChannels) => onChange({ ...value, openChannels })}
        testId="rule-openChannels"
      />
      <DoSetField
        label={t('rules.scene.simultaneous.closeChannels')}
        value={value.closeChannels}
        context={context}
        onChange={(closeChannels) => onChange({ ...value, closeChannels })}
        testId="rule-closeChannels"
      />
      {both.length > 0 && (
        <Typography.Text type="warning" data-testid="rule-bothSets">
          {t('rules.scene.simultaneous.both', { channels: channelList(both) })}
        </Typography.Text>
      )}
    </>
  );
}
