/**
 * The left form: Use example / Clear form, then the Headers, Path Parameters, Query Parameters
 * and body sections, each with Reset with example and Reset without example. The body section
 * is titled per SPEC §2 and renders objects, aliases, multipart fields (single and multiple
 * files) and raw bytes; object and alias bodies can be edited as JSON.
 */
import type { Endpoint, FormDataField, Parameter } from '@sextant/definition';
import { exampleChoices } from '@sextant/request';
import { lazy, Suspense, useState } from 'react';
import {
  bodySectionTitle,
  type FormSection,
  type ParameterSection,
  type PlaygroundFormState,
} from '../core/form-state.js';
import type { FormStore } from '../core/form-store.js';
import { describeShape, inlineObjectProperties, type TypeMap } from '../core/type-shapes.js';
import { ErrorBoundary } from './error-boundary.js';
import { useStore } from './use-store.js';
import { ObjectInput, ValueInput } from './value-input.js';

const LazyJsonEditor = lazy(() => import('./json-editor.js').then((m) => ({ default: m.JsonEditor })));

const SECTIONS: { section: ParameterSection; title: string }[] = [
  { section: 'headers', title: 'Headers' },
  { section: 'pathParameters', title: 'Path Parameters' },
  { section: 'queryParameters', title: 'Query Parameters' },
];

export function RequestForm({ form, types }: { form: FormStore; types: TypeMap }) {
  const state = useStore(form);
  const endpoint = form.endpoint;
  // Several named examples in the spec: the reader picks which one Use example fills in.
  const choices = exampleChoices(endpoint);
  const [exampleIndex, setExampleIndex] = useState(0);
  return (
    <div className="sx-pg-form">
      <div className="sx-pg-form-actions">
        <button type="button" className="sx-pg-button" onClick={() => form.applyExample(exampleIndex)}>
          Use example
        </button>
        {choices.length > 1 && (
          <select
            className="sx-pg-input sx-pg-small"
            aria-label="Example"
            value={exampleIndex}
            onChange={(event) => {
              const index = Number(event.target.value);
              setExampleIndex(index);
              form.applyExample(index);
            }}
          >
            {choices.map((choice) => (
              <option key={choice.index} value={choice.index}>
                {choice.name}
              </option>
            ))}
          </select>
        )}
        <button type="button" className="sx-pg-button" onClick={() => form.clear()}>
          Clear form
        </button>
      </div>
      {SECTIONS.map(({ section, title }) => {
        const parameters = parametersOf(endpoint, section);
        if (parameters.length === 0) return null;
        return (
          <FormSectionBox key={section} title={title} section={section} form={form}>
            {parameters.map((parameter) => (
              <ParameterRow
                key={parameter.key}
                parameter={parameter}
                types={types}
                value={state[section][parameter.key]}
                onChange={(value) =>
                  form.setParameter(
                    section,
                    parameter.key,
                    value === '' && isOptional(parameter, types) ? undefined : value,
                  )
                }
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
  onChange,
}: {
  parameter: Parameter;
  types: TypeMap;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const described = describeShape(parameter.valueShape, types);
  return (
    <div className="sx-pg-field">
      <div className="sx-pg-field-head">
        <span className="sx-pg-field-name">{parameter.key}</span>
        {!described.optional && <span className="sx-pg-required">required</span>}
      </div>
      {parameter.description && <p className="sx-pg-description">{parameter.description}</p>}
      <ValueInput
        shape={parameter.valueShape}
        types={types}
        value={value}
        onChange={onChange}
        label={parameter.key}
      />
    </div>
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
  const title = bodySectionTitle(endpoint);
  const request = endpoint.requests[0];
  if (!title || !request) return null;
  const body = request.body;
  const jsonValue = state.body?.type === 'json' ? state.body.value : undefined;
  const jsonCapable = body.type === 'object' || body.type === 'alias';
  return (
    <FormSectionBox title={title} section="body" form={form}>
      {jsonCapable && (
        <label className="sx-pg-inline sx-pg-json-toggle">
          <input type="checkbox" checked={asJson} onChange={(event) => setAsJson(event.target.checked)} />
          <span>Edit as JSON</span>
        </label>
      )}
      {jsonCapable && asJson ? (
        <Suspense fallback={<div className="sx-pg-skeleton" aria-busy="true" />}>
          <LazyJsonEditor
            value={jsonValue}
            onChange={(value) => form.setBodyValue([], value)}
            label={`${title} JSON`}
          />
        </Suspense>
      ) : body.type === 'object' ? (
        <ObjectInput
          properties={inlineObjectProperties(body, types)}
          types={types}
          value={jsonValue}
          onChange={(value) => form.setBodyValue([], value)}
          label="body"
          depth={0}
        />
      ) : body.type === 'alias' ? (
        <ValueInput
          shape={body.shape}
          types={types}
          value={jsonValue}
          onChange={(value) => form.setBodyValue([], value)}
          label="body"
        />
      ) : body.type === 'formData' ? (
        body.fields.map((field) => (
          <FormDataRow key={field.key} field={field} form={form} state={state} types={types} />
        ))
      ) : (
        <div className="sx-pg-field">
          <input
            type="file"
            aria-label="Body file"
            onChange={(event) => form.setOctetStream(Array.from(event.target.files ?? []))}
          />
          {state.body?.type === 'octet-stream' && state.body.value && (
            <span className="sx-pg-file-name">{state.body.value.name}</span>
          )}
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
  if (field.type === 'file' || field.type === 'files') {
    const files =
      current?.type === 'files'
        ? current.value
        : current?.type === 'file' && current.value
          ? [current.value]
          : [];
    return (
      <div className="sx-pg-field">
        <div className="sx-pg-field-head">
          <span className="sx-pg-field-name">{field.key}</span>
          <span className="sx-pg-field-type">{field.type === 'files' ? 'files' : 'file'}</span>
          {!field.isOptional && <span className="sx-pg-required">required</span>}
        </div>
        <input
          type="file"
          aria-label={field.key}
          multiple={field.type === 'files'}
          onChange={(event) => {
            form.pickFiles(field.key, Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <ul className="sx-pg-files">
          {files.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two picked files may share a name
            <li key={`${file.name}-${index}`}>
              <span className="sx-pg-file-name">{file.name}</span>
              <button
                type="button"
                className="sx-pg-link-button"
                onClick={() => form.removeFile(field.key, index)}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const value = current?.type === 'json' || current?.type === 'exploded' ? current.value : undefined;
  return (
    <div className="sx-pg-field">
      <div className="sx-pg-field-head">
        <span className="sx-pg-field-name">{field.key}</span>
        {!describeShape(field.valueShape, types).optional && <span className="sx-pg-required">required</span>}
      </div>
      <ValueInput
        shape={field.valueShape}
        types={types}
        value={value}
        onChange={(next) =>
          form.setFormDataField(
            field.key,
            next === undefined
              ? undefined
              : field.explode && Array.isArray(next)
                ? { type: 'exploded', value: next }
                : { type: 'json', value: next },
          )
        }
        label={field.key}
      />
    </div>
  );
}

function hasInputs(endpoint: Endpoint): boolean {
  return (
    endpoint.requests.length > 0 ||
    endpoint.pathParameters.length > 0 ||
    endpoint.queryParameters.length > 0 ||
    endpoint.requestHeaders.length > 0
  );
}

function parametersOf(endpoint: Endpoint, section: ParameterSection): Parameter[] {
  if (section === 'pathParameters') return endpoint.pathParameters;
  if (section === 'queryParameters') return endpoint.queryParameters;
  return endpoint.requestHeaders;
}

function isOptional(parameter: Parameter, types: TypeMap): boolean {
  return describeShape(parameter.valueShape, types).optional;
}
