/** DataFlow: a pipeline of an orchestrator (Airflow DAG, …). */
import { type EntityKind, common, customProperties, described, keyOf, platformView, props, str } from './shared.ts';
import { runsField } from './timeseries.ts';

export const dataFlow: EntityKind = {
  typename: 'DataFlow',
  enumValue: 'DATA_FLOW',
  build: (view, urn) => {
      const key = keyOf(urn);
      const { info, editable } = described(view, urn, 'dataFlowInfo', 'editableDataFlowProperties');
      return Object.assign(common(view, urn, dataFlow), {
        runs: runsField(view, urn),
        orchestrator: key['orchestrator'] ?? '',
        flowId: key['flowId'] ?? '',
        cluster: key['cluster'] ?? '',
        platform: platformView(view, `urn:li:dataPlatform:${key['orchestrator'] ?? ''}`),
        properties: info
          ? {
              name: str(info['name']) ?? key['flowId'] ?? '',
              description: str(info['description']),
              project: str(info['project']),
              externalUrl: str(info['externalUrl']),
              customProperties: customProperties(props(info['customProperties']), urn),
            }
          : null,
        editableProperties: editable,
      });
    },
};
