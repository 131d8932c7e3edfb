/** The live channel's state, for the indicator on the monitoring page. */
import { create } from 'zustand';

export type LiveStatus = 'stopped' | 'connecting' | 'live';

export const useLiveStatus = create<{ readonly status: LiveStatus }>()(() => ({ status: 'stopped' }));

export const setLiveStatus = (status: LiveStatus): void => useLiveStatus.setState({ status });
