/** Snippet templates the organization registered (per API, endpoint and SDK), newest first. */

import { templateListSchema } from '@sextant/registry-client';
import { useState } from 'react';
import { dashboardCall } from '../api.js';
import { useDashboard } from '../session-context.js';
import { DataTable, Empty, EndpointCell, LoadView, Pager, PageTitle, When } from '../ui/parts.js';
import { useDashboardQuery } from '../ui/queries.js';

export function TemplatesPage() {
  const { orgId, session } = useDashboard();
  const [page, setPage] = useState(1);
  const templates = useDashboardQuery(
    ['snippet-templates', orgId, page],
    () =>
      dashboardCall(templateListSchema, '/snippet-templates', {
        query: { orgId, page },
        csrf: session.csrfToken,
      }),
    { paged: true },
  );
  return (
    <>
      <PageTitle intro="SDK snippet templates the docs show beside each endpoint.">
        Snippet templates
      </PageTitle>
      <LoadView query={templates} what="the snippet templates">
        {({ templates, hasMore }) =>
          templates.length === 0 ? (
            <Empty>No snippet template yet: register them with the registry's snippet-template calls.</Empty>
          ) : (
            <>
              <DataTable
                caption={`Snippet templates of ${orgId}`}
                columns={['Endpoint', 'SDK', 'Registered']}
              >
                {templates.map((template) => (
                  <tr
                    key={`${template.apiId} ${template.method} ${template.path} ${template.sdkPackage} ${template.sdkVersion}`}
                  >
                    <EndpointCell method={template.method} path={template.path} detail={template.apiId} />
                    <td>
                      {template.sdkPackage} {template.sdkVersion}
                      <div className="muted small">{template.sdkType}</div>
                    </td>
                    <td>
                      <When iso={template.createdAt} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} hasMore={hasMore} onPage={setPage} label="Snippet templates" />
            </>
          )
        }
      </LoadView>
    </>
  );
}
