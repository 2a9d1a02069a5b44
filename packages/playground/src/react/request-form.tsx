/**
 * The left form: Use example / Clear form, then the Headers, Path Parameters, Query Parameters
 * and body sections, each with Reset with example and Reset without example. The body section
 * is titled per SPEC §2 and renders objects, aliases, multipart fields (single and multiple
 * files) and raw bytes; object and alias bodies can be edited as JSON.
 */
import { cookieParametersOf, type Endpoint, type FormDataField, type Parameter } from '@sextant/definition';
import { exampleChoices } from '@sextant/request';
import { Select } from '@sextant/ui';
import { lazy, Suspense, useState } from 'react';
import {
  bodySectionTitle,
  type FormSection,
  type ParameterSection,
  type PlaygroundFormState,
  sectionParameters,
} from '../core/form/form-state.js';
import type { FormStore } from '../core/form/form-store.js';
import { inlineObjectProperties, type TypeMap } from '../core/form/type-shapes.js';
import {
  formDataFieldValue,
  formDataFiles,
  formDataJsonValue,
  parameterEditor,
  rootEditor,
} from '../core/form/value-editing.js';
import { ErrorBoundary } from './error-boundary.js';
import { ExampleNote } from './example-note.js';
import { useStore } from './use-store.js';
import { FieldErrorText, FormErrors, useFieldError } from './value-input/field-errors.js';
import { FieldFrame } from './value-input/field-frame.js';
import { ObjectInput } from './value-input/object-input.js';
import { ShapeField } from './value-input/shape-field.js';
import { ValueInput } from './value-input/value-input.js';

/** Where the body's value sits in the form state. */
const BODY_PATH = ['body', 'value'] as const;

const LazyJsonEditor = lazy(() => import('./json-editor.js').then((m) => ({ default: m.JsonEditor })));

const SECTIONS: { section: ParameterSection; title: string }[] = [
  { section: 'headers', title: 'Headers' },
  { section: 'pathParameters', title: 'Path Parameters' },
  { section: 'queryParameters', title: 'Query Parameters' },
  { section: 'cookies', title: 'Cookies' },
];

export function RequestForm({ form, types }: { form: FormStore; types: TypeMap }) {
  const state = useStore(form);
  const endpoint = form.endpoint;
  // Several named examples in the spec: the reader picks which one Use example fills in.
  const choices = exampleChoices(endpoint);
  const [exampleIndex, setExampleIndex] = useState(0);
  return (
    <FormErrors validation={form.validation()}>
      <div className="sx-pg-form">
        <div className="sx-pg-form-actions">
          <button type="button" className="sx-pg-button" onClick={() => form.applyExample(exampleIndex)}>
            Use example
          </button>
          {choices.length > 1 && (
            <Select
              className="sx-pg-input sx-pg-small"
              aria-label="Example"
              value={String(exampleIndex)}
              options={choices.map((choice) => ({ value: String(choice.index), label: choice.name }))}
              onChange={(event) => {
                const index = Number(event.target.value);
                setExampleIndex(index);
                form.applyExample(index);
              }}
            />
          )}
          <button type="button" className="sx-pg-button" onClick={() => form.clear()}>
            Clear form
          </button>
        </div>
        <ExampleNote note={form.exampleNote()} />
        {SECTIONS.map(({ section, title }) => {
          const parameters = sectionParameters(endpoint, section);
          if (parameters.length === 0) return null;
          return (
            <FormSectionBox key={section} title={title} section={section} form={form}>
              {parameters.map((parameter) => (
                <ParameterRow
                  key={parameter.key}
                  parameter={parameter}
                  types={types}
                  value={state[section]?.[parameter.key]}
                  path={[section, parameter.key]}
                  form={form}
                />
              ))}
            </FormSectionBox>
          );
        })}
        {!hasInputs(endpoint) && <p className="sx-pg-muted">This endpoint takes no parameters.</p>}
        <ErrorBoundary
          message={
            endpoint.protocol?.type === 'openrpc'
              ? 'Error rendering OpenRPC parameters form'
              : 'Error rendering the body form'
          }
        >
          <BodySection endpoint={endpoint} form={form} state={state} types={types} />
        </ErrorBoundary>
      </div>
    </FormErrors>
  );
}

function FormSectionBox({
  title,
  section,
  form,
  children,
}: {
  title: string;
  section: FormSection;
  form: FormStore;
  children: React.ReactNode;
}) {
  return (
    <section className="sx-pg-section" aria-label={title}>
      <header className="sx-pg-section-head">
        <h3>{title}</h3>
        <div className="sx-pg-section-actions">
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={() => form.resetSection(section, true)}
            aria-label={`Reset with example: ${title}`}
          >
            Reset with example
          </button>
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={() => form.resetSection(section, false)}
            aria-label={`Reset without example: ${title}`}
          >
            Reset without example
          </button>
        </div>
      </header>
      {children}
    </section>
  );
}

function ParameterRow({
  parameter,
  types,
  value,
  path,
  form,
}: {
  parameter: Parameter;
  types: TypeMap;
  value: unknown;
  path: [ParameterSection, string];
  form: FormStore;
}) {
  return (
    <ShapeField
      name={parameter.key}
      description={parameter.description}
      shape={parameter.valueShape}
      types={types}
      value={value}
      path={path}
      editor={parameterEditor(form.editor, parameter, types)}
      label={parameter.key}
    />
  );
}

function BodySection({
  endpoint,
  form,
  state,
  types,
}: {
  endpoint: Endpoint;
  form: FormStore;
  state: PlaygroundFormState;
  types: TypeMap;
}) {
  const [asJson, setAsJson] = useState(false);
  const bodyText = useStore(form.bodyText);
  const title = bodySectionTitle(endpoint);
  const request = endpoint.requests[0];
  if (!title || !request) return null;
  const body = request.body;
  const jsonValue = state.body?.type === 'json' ? state.body.value : undefined;
  const jsonCapable = body.type === 'object' || body.type === 'alias';
  // The body value is replaced as a whole at its root, so a cleared body stays a JSON body.
  const bodyEditor = {
    set: (path: readonly (string | number)[], value: unknown) =>
      path.length === BODY_PATH.length ? form.setBodyValue([], value) : form.editor.set(path, value),
    remove: form.editor.remove,
  };
  return (
    <FormSectionBox title={title} section="body" form={form}>
      {jsonCapable && (
        <label className="sx-pg-inline sx-pg-json-toggle">
          <input
            type="checkbox"
            checked={asJson}
            onChange={(event) => {
              // Leaving the editor drops text that does not parse: the form shows the body again.
              if (!event.target.checked) form.closeBodyText();
              setAsJson(event.target.checked);
            }}
          />
          <span>Edit as JSON</span>
        </label>
      )}
      {jsonCapable && asJson ? (
        <Suspense fallback={<div className="sx-pg-skeleton" aria-busy="true" />}>
          <LazyJsonEditor
            key={bodyText.revision}
            value={jsonValue}
            onText={(text) => form.setBodyText(text)}
            error={bodyText.jsonError}
            label={`${title} JSON`}
          />
        </Suspense>
      ) : body.type === 'object' ? (
        <ObjectInput
          properties={inlineObjectProperties(body, types)}
          types={types}
          value={jsonValue}
          path={BODY_PATH}
          editor={bodyEditor}
          label="body"
          depth={0}
        />
      ) : body.type === 'alias' ? (
        <ValueInput
          shape={body.shape}
          types={types}
          value={jsonValue}
          path={BODY_PATH}
          editor={bodyEditor}
          label="body"
        />
      ) : body.type === 'formData' ? (
        body.fields.map((field) => (
          <FormDataRow key={field.key} field={field} form={form} state={state} types={types} />
        ))
      ) : (
        <div className="sx-pg-field">
          <FilePicker
            label="Body file"
            multiple={false}
            chosen={state.body?.type === 'octet-stream' && state.body.value ? [state.body.value] : []}
            onPick={(files) => form.setOctetStream(files)}
          />
        </div>
      )}
    </FormSectionBox>
  );
}

function FormDataRow({
  field,
  form,
  state,
  types,
}: {
  field: FormDataField;
  form: FormStore;
  state: PlaygroundFormState;
  types: TypeMap;
}) {
  const current = state.body?.type === 'form-data' ? state.body.value[field.key] : undefined;
  const path = [...BODY_PATH, field.key];
  if (field.type === 'file' || field.type === 'files') {
    return (
      <FieldFrame
        name={field.key}
        caption={field.type === 'files' ? 'files' : 'file'}
        required={!field.isOptional}
        description={field.description}
      >
        <FilePicker
          label={field.key}
          multiple={field.type === 'files'}
          chosen={formDataFiles(current)}
          path={path}
          onPick={(files) => form.pickFiles(field.key, files)}
          onRemove={(index) => form.removeFile(field.key, index)}
        />
      </FieldFrame>
    );
  }
  const value = formDataJsonValue(current);
  return (
    <ShapeField
      name={field.key}
      description={field.description}
      shape={field.valueShape}
      types={types}
      value={value}
      path={path}
      editor={rootEditor(path, value, (next) =>
        form.setFormDataField(field.key, formDataFieldValue(field, next)),
      )}
      label={field.key}
    />
  );
}

/**
 * A file input shown as a Choose file button and the list of chosen files (the browser's own
 * "No file chosen" caption would contradict the list, since the input is emptied after each pick
 * so the same file can be picked again).
 */
function FilePicker({
  label,
  multiple,
  chosen,
  path,
  onPick,
  onRemove,
}: {
  label: string;
  multiple: boolean;
  chosen: File[];
  path?: readonly (string | number)[];
  onPick: (files: File[]) => void;
  onRemove?: (index: number) => void;
}) {
  const { message, id } = useFieldError(path ?? []);
  const shown = path ? message : undefined;
  return (
    <div className="sx-pg-file-field">
      <label className="sx-pg-button sx-pg-small sx-pg-file-picker">
        <input
          type="file"
          className="sx-ui-sr-only"
          aria-label={label}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? id : undefined}
          multiple={multiple}
          onChange={(event) => {
            onPick(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <span aria-hidden="true">{multiple ? 'Choose files' : 'Choose file'}</span>
      </label>
      {chosen.length === 0 ? (
        <span className="sx-pg-muted sx-pg-small-text">No file chosen</span>
      ) : (
        <ul className="sx-pg-files">
          {chosen.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two picked files may share a name
            <li key={`${file.name}-${index}`}>
              <span className="sx-pg-file-name">{file.name}</span>
              {onRemove && (
                <button
                  type="button"
                  className="sx-pg-link-button"
                  onClick={() => onRemove(index)}
                  aria-label={`Remove ${file.name}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FieldErrorText id={id} message={shown} />
    </div>
  );
}

function hasInputs(endpoint: Endpoint): boolean {
  return (
    endpoint.requests.length > 0 ||
    endpoint.pathParameters.length > 0 ||
    endpoint.queryParameters.length > 0 ||
    endpoint.requestHeaders.length > 0 ||
    cookieParametersOf(endpoint).length > 0
  );
}
