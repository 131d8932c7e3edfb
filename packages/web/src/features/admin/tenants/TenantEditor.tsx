/**
 * A new tenant or a change to one: key, name, logo, login title image, page title and user-name
 * prefix, checked as they are typed, beside a live preview of the brand they give. A refusal from
 * the server shows beside the field it is about (or above the form), with everything typed kept.
 * Closing with changes asks first.
 */
import { TENANT_NAME_MAX, TENANT_PAGE_TITLE_MAX } from '@fieldlink/protocol';
import { Alert, App, Button, Col, Drawer, Flex, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTenant, updateTenant } from '../../../api/tenants';
import type { Tenant } from '../../../api/tenants';
import { DEFAULT_LOGIN_TITLE_IMAGE, DEFAULT_LOGO } from '../../../branding/store';
import BrandImageField from './BrandImageField';
import BrandPreview from './BrandPreview';
import { fieldErrors, tenantErrorText } from './tenant-errors';
import { createBody, draftOf, isChanged, patchBody, RULES } from './tenant-form';
import type { DraftField, TenantDraft } from './tenant-form';

/** What the drawer edits: a stored tenant, or 'new'. */
export type Editing = Tenant | 'new';

interface Props {
  /** Closed when null. */
  readonly editing: Editing | null;
  readonly onClose: () => void;
  /** After a save, with the tenant as stored. */
  readonly onSaved: (tenant: Tenant) => void;
}

const LOGO_BOX = { width: 128, height: 128 } as const;
const TITLE_IMAGE_BOX = { width: 720, height: 192 } as const;

export default function TenantEditor({ editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [dirty, setDirty] = useState(false);
  const tenant = editing === 'new' ? null : editing;

  const close = () => {
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('adminTenants.editor.discardTitle'),
      content: t('adminTenants.editor.discardText'),
      okText: t('adminTenants.editor.discard'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () => {
        setDirty(false);
        onClose();
      },
    });
  };

  return (
    <Drawer
      open={editing !== null}
      title={
        tenant
          ? t('adminTenants.editor.editTitle', { name: tenant.name })
          : t('adminTenants.editor.createTitle')
      }
      size={1040}
      onClose={close}
      afterOpenChange={(open) => {
        if (!open) setDirty(false);
      }}
      destroyOnHidden
    >
      {editing !== null && (
        <TenantForm
          tenant={tenant}
          onDirty={setDirty}
          onCancel={close}
          onSaved={(saved) => {
            setDirty(false);
            onSaved(saved);
          }}
        />
      )}
    </Drawer>
  );
}

function TenantForm({
  tenant,
  onDirty,
  onCancel,
  onSaved,
}: {
  readonly tenant: Tenant | null;
  readonly onDirty: (dirty: boolean) => void;
  readonly onCancel: () => void;
  readonly onSaved: (tenant: Tenant) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TenantDraft>();
  const draft = Form.useWatch([], { form, preserve: true }) as Partial<TenantDraft> | undefined;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const initial = draftOf(tenant);

  const rule = (field: DraftField) => ({
    validator: async (_: unknown, value: unknown) => {
      const key = RULES[field](typeof value === 'string' ? value : '');
      if (key) throw new Error(t(key));
    },
  });

  const save = async (values: TenantDraft) => {
    setBusy(true);
    setFailure(null);
    try {
      let saved: Tenant;
      if (tenant) {
        const body = patchBody(tenant, values);
        saved = Object.keys(body).length === 0 ? tenant : await updateTenant(tenant.id, body);
      } else {
        saved = await createTenant(createBody(values));
      }
      void message.success(
        t(tenant ? 'adminTenants.messages.saved' : 'adminTenants.messages.created', { name: saved.name }),
      );
      onSaved(saved);
    } catch (error) {
      const errors = fieldErrors(error, t);
      if (errors.length > 0) {
        form.setFields(errors.map(({ field, message: text }) => ({ name: field, errors: [text] })));
      } else {
        setFailure(tenantErrorText(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row gutter={32}>
      <Col xs={24} lg={12}>
        <Form<TenantDraft>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initial}
          onValuesChange={(_, values) => onDirty(isChanged(tenant, values))}
          onFinish={(values) => void save(values)}
          data-testid="tenant-form"
        >
          {failure && (
            <Alert
              type="error"
              showIcon
              title={failure}
              closable={{ onClose: () => setFailure(null) }}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item
            name="key"
            label={t('adminTenants.fields.key')}
            extra={t('adminTenants.notes.key')}
            rules={[rule('key')]}
          >
            <Input placeholder="acme" autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('adminTenants.fields.name')} rules={[rule('name')]}>
            <Input maxLength={TENANT_NAME_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="pageTitle"
            label={t('adminTenants.fields.pageTitle')}
            extra={t('adminTenants.notes.pageTitle')}
            rules={[rule('pageTitle')]}
          >
            <Input maxLength={TENANT_PAGE_TITLE_MAX} placeholder={t('common.appTitle')} allowClear />
          </Form.Item>
          <Form.Item
            name="userNamePrefix"
            label={t('adminTenants.fields.userNamePrefix')}
            extra={t('adminTenants.notes.userNamePrefix')}
            rules={[rule('userNamePrefix')]}
          >
            <Input placeholder="acme_" allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="logo"
            label={t('adminTenants.fields.logo')}
            extra={t('adminTenants.notes.image')}
            rules={[rule('logo')]}
          >
            <BrandImageField
              defaultImage={DEFAULT_LOGO}
              box={LOGO_BOX}
              pickerTitle={t('adminTenants.fields.logo')}
            />
          </Form.Item>
          <Form.Item
            name="loginTitleImage"
            label={t('adminTenants.fields.loginTitleImage')}
            extra={t('adminTenants.notes.image')}
            rules={[rule('loginTitleImage')]}
          >
            <BrandImageField
              defaultImage={DEFAULT_LOGIN_TITLE_IMAGE}
              box={TITLE_IMAGE_BOX}
              pickerTitle={t('adminTenants.fields.loginTitleImage')}
            />
          </Form.Item>
          <Flex gap={8} justify="flex-end">
            <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t(tenant ? 'common.actions.save' : 'adminTenants.actions.createSubmit')}
            </Button>
          </Flex>
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <BrandPreview draft={draft ?? initial} />
      </Col>
    </Row>
  );
}
