/** Tests draw antd without its animations: pop-ups open and close at once, and cost less in jsdom. */
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';

export const noMotion = (ui: ReactElement): ReactElement => (
  <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
);
