/**
 * Alarm pop-ups shown one by one at most; past them a burst is summed up in one pop-up ("12 more
 * alarms"). Devices that cross a limit together (a plant's tanks on one pump) raise dozens of
 * alarms within a second: opening a pop-up for each both buries the page and, at fifty and more
 * animating at once, exceeds React's nested-update limit inside the notifications' motion, which
 * took the whole page down (the wall benchmark found it). A module of its own: the application
 * root reads it at start without the rest of the alarm code.
 */
export const MAX_ALARM_POPUPS = 3;
