/** What a 3D view shows while its code (three.js with it) is still on the way. */
import { Spin } from 'antd';

export const viewFallback = <Spin style={{ display: 'block', margin: '80px auto' }} />;
