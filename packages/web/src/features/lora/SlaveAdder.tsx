/**
 * Adding a slave id to the slave table being edited: the first free id is suggested; an id outside
 * 0-249, one already in the table, or a full table is refused with the reason.
 */
import { Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SLAVES, SLAVE_BOUNDS, firstFreeSlave, slaveRefusal } from './lora-values';

export default function SlaveAdder({
  table,
  onAdd,
}: {
  readonly table: readonly number[];
  readonly onAdd: (address: number) => void;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState<number | null>(() => firstFreeSlave(table));
  const [refusal, setRefusal] = useState<string | null>(null);

  const add = (): void => {
    const why = slaveRefusal(table, address);
    if (why === null && address !== null) {
      onAdd(address);
      setRefusal(null);
      setAddress(firstFreeSlave([...table, address]));
      return;
    }
    setRefusal(
      why === 'duplicate'
        ? t('rules.lora.slaves.duplicate', { address: address ?? '' })
        : why === 'full'
          ? t('rules.lora.slaves.full', { max: MAX_SLAVES })
          : t('rules.lora.slaves.range', SLAVE_BOUNDS),
    );
  };

  return (
    <Space orientation="vertical" size={2}>
      <Space wrap>
        <InputNumber<number>
          value={address}
          onChange={(value) => {
            setAddress(value);
            setRefusal(null);
          }}
          onPressEnter={add}
          status={refusal ? 'error' : undefined}
          aria-label={t('rules.lora.slaves.newAddress')}
          placeholder={t('rules.lora.slaves.newAddress')}
          style={{ width: 140 }}
        />
        <Button onClick={add}>{t('rules.lora.slaves.add')}</Button>
      </Space>
      {refusal ? (
        <Typography.Text type="danger" role="alert">
          {refusal}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
