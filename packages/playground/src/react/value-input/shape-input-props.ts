import type { StatePath } from '@sextant/request';
import type { FieldShape, TypeMap } from '../../core/form/type-shapes.js';
import type { ValueEditor } from '../../core/form/value-editing.js';

export interface ShapeInputProps {
  shape: FieldShape;
  types: TypeMap;
  value: unknown;
  path: StatePath;
  editor: ValueEditor;
  label: string;
  depth: number;
}
