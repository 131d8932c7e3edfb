/**
 * Changing one account's authority (§2's groups with their numbers), roles (§6's admin and editor
 * offered, others typed) and abilities. Only what changed is sent; a refusal is shown in the
 * dialog, the values kept for another try.
 */
import { Alert, Button, Checkbox, Flex, Form, Modal, Select } from 'antd';
import { ABILITIES } from '@fieldlink/protocol';
import type { Ability } from '@fieldlink/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserPatch, AdminUserRow } from '../../../api/admin-users';
import {
  authorityChoices,
  formValuesOf,
  MAX_ROLES,
  rolesProblem,
  SUGGESTED_ROLES,
  userPatch,
} from './user-form';
import type { UserFormValues } from './user-form';
import { useAuthorityName } from './words';

interface Props {
  /** The account to change; the dialog is closed without one. */
  readonly user: AdminUserRow | null;
  /** The account is the signed-in administrator's own. */
  readonly self: boolean;
  readonly onClose: () => void;
  /** Sends the change; rejects with the server's refusal. */
  readonly change: (id: number, patch: AdminUserPatch) => Promise<void>;
  /** Told once the change is made. */
  readonly onSaved: (user: AdminUserRow) => void;
}

interface Fields {
  authority: number;
  roles: string[];
  abilities: Ability[];
}

export default function UserEditDialog({ user, self, onClose, change, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={user !== null}
      title={user ? t('adminUsers.edit.title', { user: user.userName }) : null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {user && <UserForm user={user} self={self} onClose={onClose} change={change} onSaved={onSaved} />}
    </Modal>
  );
}

function UserForm({ user, self, onClose, change, onSaved }: Props & { readonly user: AdminUserRow }) {
  const { t } = useTranslation();
  const authorityName = useAuthorityName();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const initial = formValuesOf(user);

  const submit = async (fields: Fields) => {
    const values: UserFormValues = fields;
    const patch = userPatch(user, values);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await change(user.id, patch);
      onSaved(user);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        authority: initial.authority,
        roles: [...initial.roles],
        abilities: [...initial.abilities],
      }}
      onFinish={(fields) => void submit(fields)}
      data-testid="user-form"
    >
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={t('adminUsers.edit.failed', { message: failure })}
          style={{ marginBottom: 16 }}
          data-testid="user-form-error"
        />
      )}
      <Form.Item
        name="authority"
        label={t('adminUsers.fields.authority')}
        extra={self ? t('adminUsers.self.keepsAdmin') : undefined}
      >
        <Select
          aria-label={t('adminUsers.fields.authority')}
          options={authorityChoices(user.authority, self).map((choice) => ({
            value: choice.value,
            label: authorityName(choice.value),
            disabled: choice.disabled,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="roles"
        label={t('adminUsers.fields.roles')}
        extra={t('adminUsers.edit.rolesHelp', { max: MAX_ROLES })}
        rules={[
          {
            validator: async (_, roles: string[] | undefined) => {
              const problem = rolesProblem(roles ?? []);
              if (problem) throw new Error(t(`adminUsers.validation.${problem}`, { max: MAX_ROLES }));
            },
          },
        ]}
      >
        <Select
          mode="tags"
          aria-label={t('adminUsers.fields.roles')}
          tokenSeparators={[',', ' ']}
          options={SUGGESTED_ROLES.map((role) => ({ value: role, label: role }))}
        />
      </Form.Item>
      <Form.Item name="abilities" label={t('adminUsers.fields.abilities')}>
        <Checkbox.Group
          options={ABILITIES.map((ability) => ({
            value: ability,
            label: t(`adminUsers.abilities.${ability}`),
          }))}
        />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
