/**
 * The fixed component set of markdown pages, named as Mintlify and Fern name them, so their pages
 * render unchanged. Each component turns its (literal) props and (already transformed) children
 * into elements of ours with `sx-` classes, or into an island (tabs) or trusted server HTML
 * (icons); the result is sanitised like any other content. Nothing an author writes runs.
 */
import { isSafeLinkHref, slugify } from '@sextant/definition';
import { visibilityAudience } from './audience-markdown.js';
import type { LiteralValue } from './literal-props.js';
import { element, isBlank, type MdNode, titleText } from './mdast.js';
import type { ContentProblem, ProblemList } from './problems.js';

/** What a component may ask of the renderer. */
export interface ComponentContext {
  problems: ProblemList;
  /** The transformed children of `node`. */
  children(node: MdNode): MdNode[];
  /** An island with slots of content. */
  island(name: string, props: Record<string, unknown>, slots?: MdNode[][]): MdNode;
  /** Trusted server HTML (an icon's SVG) as a leaf. */
  trusted(tag: 'span' | 'div', className: string, html: string): MdNode;
  /** The icon's SVG, or undefined (with a warning) when the set does not hold it. */
  icon(name: string, at: MdNode, size?: number): string | undefined;
  /** A code block: its tab label and its bare `<pre>` (for tabbed code). */
  codeTab(node: MdNode, title?: string): { label: string; pre: MdNode };
  /** A project file's served URL (images). */
  fileUrl(url: string): string;
  /** An endpoint's request or response example as an island, or the reason it has none. */
  endpointSnippet(reference: string, kind: 'request' | 'response'): MdNode | string;
  /** An error shown in place. */
  errorNode(problem: ContentProblem, inline: boolean): MdNode;
}

type Props = Record<string, LiteralValue>;
type Component = (node: MdNode, props: Props, ctx: ComponentContext) => MdNode[];

const text = (value: LiteralValue | undefined): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
const flag = (value: LiteralValue | undefined): boolean =>
  value === true || value === 'true' || (typeof value === 'number' && value !== 0);
const at = (node: MdNode) => node.position?.start;

/** A link target of a prop: checked with the site's link rule; an unsafe one is an error. */
function safeHref(node: MdNode, name: string, value: LiteralValue | undefined, ctx: ComponentContext) {
  const href = text(value);
  if (href === undefined) return undefined;
  if (isSafeLinkHref(href.trim())) return href.trim();
  const problem = ctx.problems.error(
    at(node),
    `<${node.name} ${name}="${href.slice(0, 40)}">: only http(s), mailto:, site paths and relative links are allowed`,
  );
  return { problem };
}

const CALLOUT_TITLES: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  check: 'Check',
  success: 'Success',
  danger: 'Danger',
  caution: 'Caution',
  error: 'Error',
  important: 'Important',
  launch: 'Launch',
};

/** A callout box (`<Note>`, `:::tip`, `> [!WARNING]` all render this), with an icon before its title. */
export function callout(kind: string, title: string | undefined, children: MdNode[], icon?: MdNode): MdNode {
  const known = CALLOUT_TITLES[kind] ? kind : 'info';
  return element('aside', { className: ['sx-callout', `sx-callout-${known}`] }, [
    element('p', { className: ['sx-callout-title'] }, [
      ...(icon ? [icon] : []),
      { type: 'text', value: title ?? CALLOUT_TITLES[known] },
    ]),
    ...children,
  ]);
}

/** Fern's short spelling of a callout's intent (its own pages write `intent="warn"`). */
const CALLOUT_ALIASES: Record<string, string> = { warn: 'warning' };

/** A `<Callout>`'s kind; one Sextant does not know is warned of, and shown as info. */
function calloutKind(node: MdNode, intent: string | undefined, ctx: ComponentContext): string {
  if (intent === undefined) return 'info';
  const kind = intent.trim().toLowerCase();
  const known = CALLOUT_ALIASES[kind] ?? kind;
  if (CALLOUT_TITLES[known]) return known;
  ctx.problems.warn(
    at(node),
    `<${node.name}> of kind "${intent.slice(0, 40)}": not a callout kind (${Object.keys(CALLOUT_TITLES).join(', ')}); it is shown as info`,
  );
  return 'info';
}

const calloutComponent =
  (kind: string): Component =>
  (node, props, ctx) => [callout(kind, text(props.title), ctx.children(node))];

/** The children that are elements named `name` (whitespace between them ignored; others warned). */
function childrenNamed(node: MdNode, names: string[], ctx: ComponentContext): MdNode[] {
  const out: MdNode[] = [];
  for (const child of node.children ?? []) {
    if (isBlank(child)) continue;
    if (
      (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') &&
      names.includes(child.name ?? '')
    )
      out.push(child);
    else if (child.type === 'paragraph' && (child.children ?? []).every(isBlank)) continue;
    else
      ctx.problems.warn(
        at(child),
        `<${node.name}> holds ${names.map((n) => `<${n}>`).join(' or ')} elements; this ${child.type} is left out`,
      );
  }
  return out;
}

/** The literal props of a child element (the transformer reads them once per element). */
export type PropsOf = (node: MdNode) => Props;

function tabs(propsOf: PropsOf): Component {
  return (node, _props, ctx) => {
    const items = childrenNamed(node, ['Tab'], ctx);
    if (items.length === 0) {
      ctx.problems.warn(at(node), `<${node.name}> holds no <Tab>; it is left out`);
      return [];
    }
    const labels = items.map((tab, i) => text(propsOf(tab).title) ?? `Tab ${i + 1}`);
    return [
      ctx.island(
        'content-tabs',
        { labels, variant: 'tabs' },
        items.map((tab) => ctx.children(tab)),
      ),
    ];
  };
}

function codeGroup(propsOf: PropsOf): Component {
  return (node, _props, ctx) => {
    const labels: string[] = [];
    const slots: MdNode[][] = [];
    for (const child of node.children ?? []) {
      if (isBlank(child)) continue;
      let code: MdNode | undefined;
      let title: string | undefined;
      if (child.type === 'code') code = child;
      else if (child.type === 'mdxJsxFlowElement' && child.name === 'CodeBlock') {
        code = child.children?.find((c) => c.type === 'code');
        title = text(propsOf(child).title);
      }
      if (!code) {
        ctx.problems.warn(at(child), `<${node.name}> holds code blocks only; this ${child.type} is left out`);
        continue;
      }
      const tab = ctx.codeTab(code, title);
      labels.push(tab.label);
      slots.push([tab.pre]);
    }
    if (labels.length === 0) {
      ctx.problems.warn(at(node), `<${node.name}> holds no code block; it is left out`);
      return [];
    }
    return [ctx.island('content-tabs', { labels, variant: 'code' }, slots)];
  };
}

const card: Component = (node, props, ctx) => {
  const href = safeHref(node, 'href', props.href, ctx);
  if (typeof href === 'object') return [ctx.errorNode(href.problem, false)];
  const iconName = text(props.icon);
  const svg = iconName ? ctx.icon(iconName, node, 20) : undefined;
  const image = text(props.img) ?? text(props.image);
  const title = text(props.title);
  const body: MdNode[] = [
    ...(image ? [element('img', { src: ctx.fileUrl(image), alt: '', className: ['sx-ccard-img'] })] : []),
    ...(svg ? [ctx.trusted('span', 'sx-icon sx-ccard-icon', svg)] : []),
    ...(title ? [element('p', { className: ['sx-ccard-title'] }, [{ type: 'text', value: title }])] : []),
    element('div', { className: ['sx-ccard-body'] }, ctx.children(node)),
  ];
  const horizontal = flag(props.horizontal) ? ['sx-ccard-horizontal'] : [];
  return [
    href
      ? element('a', { className: ['sx-ccard', 'sx-ccard-link', ...horizontal], href }, body)
      : element('div', { className: ['sx-ccard', ...horizontal] }, body),
  ];
};

const cardGroup: Component = (node, props, ctx) => {
  const cols = Math.max(1, Math.min(4, Math.round(Number(props.cols ?? 2)) || 2));
  return [element('div', { className: ['sx-cards', `sx-cols-${cols}`] }, ctx.children(node))];
};

function steps(propsOf: PropsOf): Component {
  return (node, props, ctx) => {
    const items = (node.children ?? []).filter((c) => !isBlank(c));
    const named = items.filter((c) => c.type === 'mdxJsxFlowElement' && c.name === 'Step');
    const step = (title: string | undefined, children: MdNode[], id?: string) =>
      element('li', { className: ['sx-step'], ...(id ? { id } : {}) }, [
        ...(title ? [element('p', { className: ['sx-step-title'] }, [{ type: 'text', value: title }])] : []),
        element('div', { className: ['sx-step-body'] }, children),
      ]);
    let list: MdNode[];
    if (named.length > 0 || !items.some((c) => c.type === 'heading')) {
      list = childrenNamed(node, ['Step'], ctx).map((child) => {
        const p = propsOf(child);
        return step(text(p.title), ctx.children(child), text(p.id));
      });
    } else {
      // Fern's form: each heading starts a step, its title.
      list = [];
      let current: { title: string; children: MdNode[] } | undefined;
      for (const child of items) {
        if (child.type === 'heading') {
          if (current)
            list.push(step(current.title, ctx.children({ type: 'root', children: current.children })));
          current = { title: titleText(child), children: [] };
        } else if (current) current.children.push(child);
        else ctx.problems.warn(at(child), '<Steps>: text before the first step heading is left out');
      }
      if (current) list.push(step(current.title, ctx.children({ type: 'root', children: current.children })));
    }
    const start = Number(props.start ?? props.titleSize ?? 1);
    return [
      element(
        'ol',
        { className: ['sx-steps'], ...(Number.isInteger(start) && start > 1 ? { start } : {}) },
        list,
      ),
    ];
  };
}

const accordion: Component = (node, props, ctx) => {
  const iconName = text(props.icon);
  const svg = iconName ? ctx.icon(iconName, node, 16) : undefined;
  return [
    element('details', { className: ['sx-accordion'], ...(flag(props.defaultOpen) ? { open: true } : {}) }, [
      element('summary', { className: ['sx-accordion-title'] }, [
        ...(svg ? [ctx.trusted('span', 'sx-icon', svg)] : []),
        { type: 'text', value: text(props.title) ?? 'Details' },
        ...(text(props.description)
          ? [
              element('span', { className: ['sx-accordion-description'] }, [
                { type: 'text', value: text(props.description) ?? '' },
              ]),
            ]
          : []),
      ]),
      element('div', { className: ['sx-accordion-body'] }, ctx.children(node)),
    ]),
  ];
};

const accordionGroup: Component = (node, _props, ctx) => [
  element('div', { className: ['sx-accordion-group'] }, ctx.children(node)),
];

const frame: Component = (node, props, ctx) => {
  const caption = text(props.caption);
  return [
    element('figure', { className: ['sx-frame'] }, [
      ...ctx.children(node),
      ...(caption ? [element('figcaption', {}, [{ type: 'text', value: caption }])] : []),
    ]),
  ];
};

const tooltip: Component = (node, props, ctx) => {
  const tip = text(props.tip) ?? text(props.content) ?? text(props.title) ?? '';
  return [
    element('span', { className: ['sx-tooltip'], tabindex: 0 }, [
      ...ctx.children(node),
      element('span', { className: ['sx-tooltip-tip'], role: 'tooltip' }, [{ type: 'text', value: tip }]),
    ]),
  ];
};

const icon: Component = (node, props, ctx) => {
  const name = text(props.icon) ?? text(props.name);
  if (!name) {
    ctx.problems.warn(at(node), '<Icon> needs icon="name"');
    return [];
  }
  const size = Number(props.size ?? 16);
  const svg = ctx.icon(name, node, Number.isFinite(size) ? size : 16);
  return svg ? [ctx.trusted('span', 'sx-icon', svg)] : [];
};

/** `<ParamField>` / `<ResponseField>`: a field row like the reference's. */
function field(kind: 'param' | 'response'): Component {
  return (node, props, ctx) => {
    const location =
      kind === 'param'
        ? (['path', 'query', 'body', 'header', 'cookie'] as const).find((l) => l in props)
        : undefined;
    const name = text(location ? props[location] : undefined) ?? text(props.name) ?? text(props.path) ?? '';
    const type = text(props.type);
    const defaultValue =
      props.default === undefined
        ? undefined
        : typeof props.default === 'string'
          ? props.default
          : JSON.stringify(props.default);
    const badge = (label: string, extra: string[] = []) =>
      element('span', { className: ['sx-badge', ...extra] }, [{ type: 'text', value: label }]);
    const head: MdNode[] = [
      element('code', { className: ['sx-prop-name'] }, [{ type: 'text', value: name }]),
      ...(type ? [element('span', { className: ['sx-type'] }, [{ type: 'text', value: type }])] : []),
      ...(location ? [badge(location)] : []),
      ...(flag(props.required) ? [badge('required', ['sx-required'])] : []),
      ...(flag(props.deprecated) ? [badge('deprecated', ['sx-warn'])] : []),
      ...(defaultValue !== undefined
        ? [
            element('span', { className: ['sx-constraint'] }, [
              { type: 'text', value: `default: ${defaultValue}` },
            ]),
          ]
        : []),
    ];
    return [
      element('div', { className: ['sx-prop', 'sx-field'] }, [
        element('div', { className: ['sx-prop-head'] }, head),
        element('div', { className: ['sx-desc'] }, ctx.children(node)),
      ]),
    ];
  };
}

const expandable: Component = (node, props, ctx) => [
  element('details', { className: ['sx-expandable'], ...(flag(props.defaultOpen) ? { open: true } : {}) }, [
    element('summary', {}, [{ type: 'text', value: `Show ${text(props.title) ?? 'properties'}` }]),
    element('div', { className: ['sx-expandable-body'] }, ctx.children(node)),
  ]),
];

const update: Component = (node, props, ctx) => {
  const label = text(props.label) ?? '';
  const description = text(props.description);
  const tags = Array.isArray(props.tags) ? props.tags.map(text).filter((t): t is string => Boolean(t)) : [];
  return [
    element('section', { className: ['sx-update'], ...(label ? { id: `update-${slugify(label)}` } : {}) }, [
      element('div', { className: ['sx-update-meta'] }, [
        element('p', { className: ['sx-update-label'] }, [{ type: 'text', value: label }]),
        ...(description
          ? [element('p', { className: ['sx-update-description'] }, [{ type: 'text', value: description }])]
          : []),
        ...tags.map((tag) => element('span', { className: ['sx-badge'] }, [{ type: 'text', value: tag }])),
      ]),
      element('div', { className: ['sx-update-body'] }, ctx.children(node)),
    ]),
  ];
};

/** Mintlify's badge colours; any other is refused with a warning (gray). */
const BADGE_COLORS = new Set([
  'gray',
  'blue',
  'green',
  'yellow',
  'orange',
  'red',
  'purple',
  'white',
  'surface',
  'white-destructive',
  'surface-destructive',
]);
const BADGE_SIZES = new Set(['xs', 'sm', 'md', 'lg']);

/** `<Badge>`: an inline label (Mintlify's colours, sizes, shapes, stroke, icon, disabled). */
const badge: Component = (node, props, ctx) => {
  const choice = (name: string, allowed: Set<string>, otherwise: string) => {
    const value = text(props[name]);
    if (value === undefined || allowed.has(value)) return value ?? otherwise;
    ctx.problems.warn(
      at(node),
      `<Badge ${name}="${value.slice(0, 40)}">: use one of ${[...allowed].join(', ')}`,
    );
    return otherwise;
  };
  const color = choice('color', BADGE_COLORS, 'gray');
  const size = choice('size', BADGE_SIZES, 'md');
  const iconName = text(props.icon);
  const svg = iconName ? ctx.icon(iconName, node, 12) : undefined;
  const className = [
    'sx-badge',
    'sx-badge-label',
    `sx-badge-${color}`,
    `sx-badge-${size}`,
    ...(text(props.shape) === 'pill' ? ['sx-badge-pill'] : []),
    ...(flag(props.stroke) ? ['sx-badge-stroke'] : []),
    ...(flag(props.disabled) ? ['sx-badge-disabled'] : []),
  ];
  // On a line of its own its text is a paragraph: the badge takes the paragraph's words.
  const children = ctx
    .children(node)
    .flatMap((child) => (child.type === 'paragraph' ? (child.children ?? []) : [child]));
  const label = element('span', { className }, [
    ...(svg ? [ctx.trusted('span', 'sx-icon', svg)] : []),
    ...children,
  ]);
  return [node.type === 'mdxJsxFlowElement' ? element('p', {}, [label]) : label];
};

/**
 * `<Tree>` (and Nextra's and Mintlify's `<FileTree>`): folders and files as nested lists, a
 * folder a native `<details>` (open with `defaultOpen`; `openable={false}` always open, no
 * toggle), `highlight` marking an entry. Walked here, so `<Tree.Folder>` and `<Tree.File>` mean
 * something only inside it.
 */
function tree(propsOf: PropsOf): Component {
  return (node, _props, ctx) => {
    const entries = (parent: MdNode, depth: number): MdNode[] => {
      if (depth > TREE_DEPTH_MAX) {
        ctx.problems.warn(at(parent), `<${node.name}>: folders deeper than ${TREE_DEPTH_MAX} are left out`);
        return [];
      }
      return childrenNamed(parent, TREE_ENTRIES, ctx).map((child) => {
        const props = propsOf(child);
        const name = text(props.name) ?? '';
        if (!name) ctx.problems.warn(at(child), `<${child.name}> needs name="…"`);
        const marked = flag(props.highlight) ? ['sx-tree-highlight'] : [];
        const label = (kind: string) =>
          element('span', { className: ['sx-tree-name', `sx-tree-${kind}-name`, ...marked] }, [
            { type: 'text', value: name },
          ]);
        if (!child.name?.endsWith('Folder'))
          return element('li', { className: ['sx-tree-file'] }, [label('file')]);
        const inside = element('ul', { className: ['sx-tree-list'] }, entries(child, depth + 1));
        if (props.openable === false || props.openable === 'false')
          return element('li', { className: ['sx-tree-folder'] }, [label('folder'), inside]);
        return element('li', { className: ['sx-tree-folder'] }, [
          element('details', flag(props.defaultOpen) ? { open: true } : {}, [
            element('summary', {}, [label('folder')]),
            inside,
          ]),
        ]);
      });
    };
    return [element('ul', { className: ['sx-tree'] }, entries(node, 0))];
  };
}

/** Folders a tree shows inside each other at most (a hostile page nests thousands). */
const TREE_DEPTH_MAX = 32;

/** The entries a `<Tree>` holds, in the spellings of Mintlify (`Tree.`) and Nextra (`FileTree.`). */
const TREE_ENTRIES = ['Tree.Folder', 'Tree.File', 'FileTree.Folder', 'FileTree.File'];

/** `<Panel>`: content set apart beside the page's text (Mintlify puts it in the side column). */
const panel: Component = (node, _props, ctx) => [
  element('aside', { className: ['sx-panel'] }, ctx.children(node)),
];

/**
 * `<Visibility for="humans|agents">`: content for readers of the page (shown) or for agents
 * reading its markdown (left out of the page); the `.md` variant does the opposite
 * (audience-markdown.ts).
 */
const visibility: Component = (node, props, ctx) => {
  const audience = visibilityAudience(props.for);
  if (audience === 'humans') return ctx.children(node);
  if (audience === 'agents') return [];
  return [
    ctx.errorNode(
      ctx.problems.error(at(node), `<Visibility> needs for="humans" or for="agents"`),
      node.type === 'mdxJsxTextElement',
    ),
  ];
};

function endpointSnippet(kind: 'request' | 'response'): Component {
  return (node, props, ctx) => {
    const reference = text(props.endpoint) ?? text(props.path);
    if (!reference)
      return [
        ctx.errorNode(ctx.problems.error(at(node), `<${node.name}> needs endpoint="METHOD /path"`), false),
      ];
    const result = ctx.endpointSnippet(reference, kind);
    if (typeof result === 'string')
      return [
        ctx.errorNode(
          ctx.problems.error(at(node), `<${node.name} endpoint="${reference}">: ${result}`),
          false,
        ),
      ];
    return [result];
  };
}

/** Every component by name; `propsOf` reads a child element's props (Tab, Step, CodeBlock). */
export function pageComponents(propsOf: PropsOf): Record<string, Component> {
  return {
    Note: calloutComponent('note'),
    Tip: calloutComponent('tip'),
    Info: calloutComponent('info'),
    Warning: calloutComponent('warning'),
    Check: calloutComponent('check'),
    Danger: calloutComponent('danger'),
    Success: calloutComponent('success'),
    Error: calloutComponent('error'),
    Launch: calloutComponent('launch'),
    Callout: (node, props, ctx) => {
      const iconName = text(props.icon);
      const svg = iconName ? ctx.icon(iconName, node) : undefined;
      return [
        callout(
          calloutKind(node, text(props.intent) ?? text(props.type) ?? text(props.variant), ctx),
          text(props.title),
          ctx.children(node),
          svg ? ctx.trusted('span', 'sx-icon', svg) : undefined,
        ),
      ];
    },
    Tabs: tabs(propsOf),
    CodeGroup: codeGroup(propsOf),
    CodeBlocks: codeGroup(propsOf),
    // Mintlify shows these beside an API page; here they are tabbed code in place.
    RequestExample: codeGroup(propsOf),
    ResponseExample: codeGroup(propsOf),
    CodeBlock: (node, props, ctx) => {
      const code = node.children?.find((c) => c.type === 'code');
      if (!code) return ctx.children(node);
      const tab = ctx.codeTab(code, text(props.title));
      return [ctx.island('content-tabs', { labels: [tab.label], variant: 'code' }, [[tab.pre]])];
    },
    Card: card,
    CardGroup: cardGroup,
    Cards: cardGroup,
    Columns: cardGroup,
    Steps: steps(propsOf),
    Accordion: accordion,
    AccordionGroup: accordionGroup,
    Frame: frame,
    Tooltip: tooltip,
    Icon: icon,
    ParamField: field('param'),
    ResponseField: field('response'),
    Expandable: expandable,
    Update: update,
    Badge: badge,
    Tree: tree(propsOf),
    FileTree: tree(propsOf),
    Panel: panel,
    Visibility: visibility,
    EndpointRequestSnippet: endpointSnippet('request'),
    EndpointResponseSnippet: endpointSnippet('response'),
  };
}

/** Components that only mean something inside another (a `<Tab>` outside `<Tabs>`). */
export const CHILD_COMPONENTS: Record<string, string> = {
  Tab: 'Tabs',
  Step: 'Steps',
  'Tree.Folder': 'Tree',
  'Tree.File': 'Tree',
  'FileTree.Folder': 'FileTree',
  'FileTree.File': 'FileTree',
};

/** The names, for messages and the README. */
export const COMPONENT_NAMES = Object.keys(pageComponents(() => ({}))).concat(Object.keys(CHILD_COMPONENTS));

/** An unknown component's error message. */
export function unknownComponent(name: string): string {
  return `unknown component <${name}>: a page may use ${COMPONENT_NAMES.map((n) => `<${n}>`).join(', ')}`;
}
