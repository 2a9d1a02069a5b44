/** Generators with their releases and changelogs, and the CLI's releases. Both list calls page. */
import { useState } from 'react';
import { useDashboard } from '../session-context.js';
import { Changelog } from '../ui/changelog.js';
import { DataTable, Empty, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { useDashboardQuery } from '../ui/queries.js';
import { href } from '../ui/router.js';

const PAGE_SIZE = 20;

export function GeneratorsPage() {
  const { client } = useDashboard();
  const generators = useDashboardQuery(['generators'], () => client.listGenerators({}));
  return (
    <>
      <PageTitle intro="Code generators registered with this registry.">Generators</PageTitle>
      <LoadView query={generators} what="the generators">
        {({ generators }) =>
          generators.length === 0 ? (
            <Empty>No generator is registered.</Empty>
          ) : (
            <DataTable caption="Generators" columns={['Generator', 'Type', 'Image']}>
              {generators.map((generator) => (
                <tr key={generator.id}>
                  <td>
                    <a href={href('generators', generator.id)}>{generator.displayName}</a>
                  </td>
                  <td>
                    {generator.generatorType}
                    {generator.generatorLanguage ? ` · ${generator.generatorLanguage}` : ''}
                  </td>
                  <td>
                    <code className="id">{generator.dockerImage}</code>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadView>
    </>
  );
}

function ReleaseTable({
  releases,
  label,
}: {
  releases: {
    version: string;
    releaseType: string;
    irVersion: number;
    createdAt: string;
    changelogEntries: Parameters<typeof Changelog>[0]['entries'];
  }[];
  label: string;
}) {
  return (
    <DataTable caption={label} columns={['Version', 'Released', 'Changelog']}>
      {releases.map((release) => (
        <tr key={release.version}>
          <td>
            <strong>{release.version}</strong>{' '}
            {release.releaseType === 'RC' ? <span className="badge">RC</span> : null}
            <div className="muted small">IR {release.irVersion}</div>
          </td>
          <td>
            <When iso={release.createdAt} />
          </td>
          <td>
            <Changelog entries={release.changelogEntries} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function GeneratorReleasesPage({ generatorId }: { generatorId: string }) {
  const { client } = useDashboard();
  const [page, setPage] = useState(1);
  const releases = useDashboardQuery(
    ['generator-releases', generatorId, page],
    () => client.listGeneratorReleases({ params: { id: generatorId }, query: { page, pageSize: PAGE_SIZE } }),
    { paged: true },
  );
  return (
    <>
      <p>
        <a href={href('generators')}>← All generators</a>
      </p>
      <PageTitle intro="Releases, newest first, with their changelogs.">{generatorId}: releases</PageTitle>
      <LoadView query={releases} what="the releases">
        {({ releases, hasMore }) =>
          releases.length === 0 ? (
            <Empty>This generator has no release yet.</Empty>
          ) : (
            <>
              <ReleaseTable releases={releases} label={`Releases of ${generatorId}`} />
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Releases" />
            </>
          )
        }
      </LoadView>
    </>
  );
}

export function CliReleasesPage() {
  const { client } = useDashboard();
  const [page, setPage] = useState(1);
  const releases = useDashboardQuery(
    ['cli-releases', page],
    () => client.listCliReleases({ query: { page, pageSize: PAGE_SIZE } }),
    { paged: true },
  );
  return (
    <>
      <PageTitle intro="Releases of the sextant CLI, newest first.">CLI releases</PageTitle>
      <LoadView query={releases} what="the CLI releases">
        {({ releases, hasMore }) =>
          releases.length === 0 ? (
            <Empty>No CLI release is recorded.</Empty>
          ) : (
            <>
              <ReleaseTable releases={releases} label="CLI releases" />
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="CLI releases" />
            </>
          )
        }
      </LoadView>
    </>
  );
}
