/** The organization's docs sites: URL, other URLs, preview or live, archived, last publish. */
import { useState } from 'react';
import { useDashboard } from '../session-context.js';
import { docsUrlText } from '../ui/docs-url.js';
import { DataTable, Empty, LoadView, Pager, PageTitle, pageOf, When } from '../ui/parts.js';
import { useDocsSites } from '../ui/queries.js';

const PAGE_SIZE = 20;

export function SitesPage() {
  const { orgId, session } = useDashboard();
  const scheme = session.mode === 'local' ? 'http' : 'https';
  const [page, setPage] = useState(1);
  const sites = useDocsSites();
  return (
    <>
      <PageTitle intro="Every docs site and preview this organization published.">Docs sites</PageTitle>
      <LoadView query={sites} what="the docs sites">
        {({ docsSites }) => {
          if (docsSites.length === 0)
            return <Empty>No docs site yet: publish one with sextant publish.</Empty>;
          const shown = pageOf(docsSites, page, PAGE_SIZE);
          return (
            <>
              <DataTable
                caption={`Docs sites of ${orgId}`}
                columns={['URL', 'Kind', 'State', 'Last publish']}
              >
                {shown.items.map((site) => {
                  const main = docsUrlText(site.mainUrl);
                  const others = site.urls.map(docsUrlText).filter((url) => url !== main);
                  return (
                    <tr key={main}>
                      <td>
                        <a href={`${scheme}://${main}`} rel="noreferrer noopener" target="_blank">
                          {main}
                        </a>
                        {others.length > 0 ? (
                          <ul className="plain small">
                            {others.map((url) => (
                              <li key={url}>{url}</li>
                            ))}
                          </ul>
                        ) : null}
                      </td>
                      <td>{site.isPreview ? <span className="badge">Preview</span> : 'Live'}</td>
                      <td>
                        {site.isArchived ? (
                          <span className="badge warn">Archived</span>
                        ) : (
                          <span className="badge ok">Serving</span>
                        )}
                      </td>
                      <td>
                        <When iso={site.updatedAt} />
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
              <Pager page={page} hasMore={shown.hasMore} onPage={setPage} label="Docs sites" />
            </>
          );
        }}
      </LoadView>
    </>
  );
}
