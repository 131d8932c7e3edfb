/** Where the manager is (a breadcrumb back up to the top) and the folders directly under it. */
import { FolderOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { childDir, dirSteps } from './paths';

export default function FolderBar({
  dir,
  dirs,
  onNavigate,
}: {
  readonly dir: string;
  /** Names of the folders directly under `dir`. */
  readonly dirs: readonly string[];
  readonly onNavigate: (dir: string) => void;
}) {
  const { t } = useTranslation();
  const steps = [{ name: t('files.root'), dir: '' }, ...dirSteps(dir)];
  return (
    <Flex vertical gap={4}>
      <Breadcrumb
        data-testid="files-breadcrumb"
        items={steps.map((step, i) => ({
          key: step.dir,
          title:
            i === steps.length - 1 ? (
              <Typography.Text strong>{step.name}</Typography.Text>
            ) : (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => onNavigate(step.dir)}
              >
                {step.name}
              </Button>
            ),
        }))}
      />
      {dirs.length > 0 && (
        <Flex wrap gap={4} align="center" data-testid="files-folders">
          <Typography.Text type="secondary">{t('files.folders')}</Typography.Text>
          {dirs.map((name) => (
            <Button
              key={name}
              size="small"
              icon={<FolderOutlined />}
              onClick={() => onNavigate(childDir(dir, name))}
            >
              {name}
            </Button>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
