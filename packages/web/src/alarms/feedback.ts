/**
 * The notification API alarms pop up with. The console's layout (or the monitoring page)
 * installs antd's context-aware instance from App.useApp, so notifications take the theme and
 * language; before that the static API is used.
 */
import { App, notification as staticNotification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';

let api: Pick<NotificationInstance, 'open' | 'destroy'> = staticNotification;

export function notificationApi(): Pick<NotificationInstance, 'open' | 'destroy'> {
  return api;
}

/** Renders nothing; installs the notification API of the nearest antd App. */
export function AlarmFeedbackBridge(): null {
  const { notification } = App.useApp();
  useEffect(() => {
    api = notification;
    return () => {
      if (api === notification) api = staticNotification;
    };
  }, [notification]);
  return null;
}
