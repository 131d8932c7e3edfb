/**
 * The user-name field, with the tenant's user-name prefix shown in front of it when there is one
 * (the prefix is added to the name sent, see withPrefix). Takes value and onChange from Form.Item.
 */
import { UserOutlined } from '@ant-design/icons';
import { Input, Space } from 'antd';
import type { InputProps } from 'antd';
import { useBranding } from '../../branding/store';

export default function UserNameInput({
  namePrefix,
  ...props
}: InputProps & {
  /** The prefix to show instead of the brand's (the tenants page previews a draft with it). */
  readonly namePrefix?: string;
}) {
  const brandPrefix = useBranding((b) => b.userNamePrefix);
  const prefix = namePrefix ?? brandPrefix;
  const input = <Input prefix={<UserOutlined />} autoComplete="username" {...props} />;
  if (!prefix) return input;
  return (
    <Space.Compact block>
      <Space.Addon>{prefix}</Space.Addon>
      {input}
    </Space.Compact>
  );
}
