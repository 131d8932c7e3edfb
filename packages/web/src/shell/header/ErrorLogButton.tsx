/**
 * The error log (§2): shown once an error was caught; the dialog lists route, message and stack
 * with search-engine links, and dismisses all.
 */
import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Collapse, Descriptions, Empty, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearErrors, useErrorLog } from '../errorLog';
import HeaderButton from './HeaderButton';
import { useTimeFormat } from '../../time/zone';

const ENGINES = [
  { name: 'Bing', url: (q: string) => `https://www.bing.com/search?q=${encodeURIComponent(q)}` },
  { name: 'Google', url: (q: string) => `https://www.google.com/search?q=${encodeURIComponent(q)}` },
  { name: 'Baidu', url: (q: string) => `https://www.baidu.com/s?wd=${encodeURIComponent(q)}` },
];

export default function ErrorLogButton() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const errors = useErrorLog((s) => s.errors);
  const [open, setOpen] = useState(false);
  if (errors.length === 0 && !open) return null;
  return (
    <>
      <Badge count={errors.length} size="small" offset={[-6, 6]}>
        <HeaderButton
          label={t('shell.header.errorLog')}
          icon={<BugOutlined />}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        open={open}
        width={860}
        title={t('shell.errorLog.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            disabled={errors.length === 0}
            onClick={() => {
              clearErrors();
              setOpen(false);
            }}
          >
            {t('shell.errorLog.dismissAll')}
          </Button>
        }
      >
        {errors.length === 0 ? (
          <Empty description={t('shell.errorLog.empty')} />
        ) : (
          <Collapse
            size="small"
            className="fl-error-log"
            items={errors.map((e, i) => ({
              key: i,
              label: e.message,
              children: (
                <Descriptions size="small" column={1} bordered>
                  <Descriptions.Item label={t('shell.errorLog.time')}>{time.format(e.at)}</Descriptions.Item>
                  <Descriptions.Item label={t('shell.errorLog.route')}>{e.route}</Descriptions.Item>
                  <Descriptions.Item label={t('shell.errorLog.message')}>{e.message}</Descriptions.Item>
                  <Descriptions.Item label={t('shell.errorLog.stack')}>
                    <pre className="fl-error-stack">{e.stack}</pre>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('shell.errorLog.searchWith')}>
                    <Space>
                      {ENGINES.map((engine) => (
                        <a key={engine.name} href={engine.url(e.message)} target="_blank" rel="noreferrer">
                          {engine.name}
                        </a>
                      ))}
                    </Space>
                  </Descriptions.Item>
                </Descriptions>
              ),
            }))}
          />
        )}
      </Modal>
    </>
  );
}
