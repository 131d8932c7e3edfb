/**
 * Pieces the administration pages of custom routes and value-added entries share: a tenant's name
 * (or "every tenant"), §2's user-id condition in words, and the administrators' tenant filter.
 */
import type { UserIdCondition } from '@fieldlink/protocol';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OP_SIGNS } from './route-form';
import type { TenantChoices } from './tenant-scope';

export function TenantName({ id, tenants }: { readonly id: number | null; readonly tenants: TenantChoices }) {
  const { t } = useTranslation();
  if (id === null) return <Typography.Text type="secondary">{t('apps.tenant.everyone')}</Typography.Text>;
  return <>{tenants.nameOf(id)}</>;
}

export function ConditionText({ condition }: { readonly condition: UserIdCondition | null }) {
  const { t } = useTranslation();
  if (condition === null)
    return <Typography.Text type="secondary">{t('apps.condition.everyUser')}</Typography.Text>;
  return (
    <span>
      {t('apps.condition.userId')} {OP_SIGNS[condition.op]} {condition.value}
    </span>
  );
}

interface FilterProps {
  /** The tenant shown, or undefined for all. */
  readonly value: number | undefined;
  readonly onChange: (tenantId: number | undefined) => void;
  readonly tenants: TenantChoices;
}

/** All entries, or one tenant's (the list asks the server with `tenantId`). */
export function TenantFilter({ value, onChange, tenants }: FilterProps) {
  const { t } = useTranslation();
  return (
    <Select<number>
      aria-label={t('apps.tenant.filter')}
      style={{ width: 260 }}
      value={value ?? 0}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(next) => onChange(next === 0 ? undefined : next)}
      options={[{ value: 0, label: t('apps.tenant.all') }, ...tenants.options]}
      data-testid="tenant-filter"
    />
  );
}
