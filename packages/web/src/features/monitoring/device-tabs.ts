/**
 * The device view's tabs besides the live one, each loaded when it is first opened: opening the
 * monitoring page or a device does without the configuration, rules, diagrams, cameras and
 * sharing code (and the antd components only they use). The Link tab stays with the view: the
 * alert of a device that does not answer sends the owner there at once.
 */
import { lazy } from 'react';

export const CameraTab = lazy(() => import('../cameras/CameraTab'));
export const InfoTab = lazy(() => import('../configure/InfoTab'));
export const ParametersTab = lazy(() => import('../configure/ParametersTab'));
export const DynamicGraphTab = lazy(() => import('../diagrams/graph/DynamicGraphTab'));
export const DisplayTab = lazy(() => import('../configure/DisplayTab'));
export const RulesTab = lazy(() => import('../rules/RulesTab'));
export const RadioTab = lazy(() => import('../lora/RadioTab'));
export const SharingTab = lazy(() => import('../sharing/SharingTab'));
export const SubDevicesTab = lazy(() => import('../equipment/SubDevicesTab'));
