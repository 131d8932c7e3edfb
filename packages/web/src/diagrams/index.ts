/** Configuration diagrams drawn with live values (docs/protocol.md § Diagram documents). */
export { default as DiagramView } from './DiagramView';
export type { DiagramOperation, DiagramViewProps, Operate } from './DiagramView';
export { fixedEquipment, knows, NO_VALUE, readingOf } from './values';
export type { ChannelLists, ChannelReading, DiagramValues, EquipmentValues } from './values';
export { useDiagramValues } from './use-diagram-values';
export { useTrendSeries } from './trend';
export type { TrendSample } from './trend';
export { default as BindingPicker } from './BindingPicker';
export type { BindingPickerProps } from './BindingPicker';
