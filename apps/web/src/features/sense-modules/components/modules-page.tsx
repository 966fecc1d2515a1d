import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ModuleWithKey } from '@liftwacht/contracts/sense-modules';
import { modulePaths } from '../../../app/module-paths.ts';
import { useUrlListState } from '../../../lib/use-url-list-state.ts';
import { moduleTabs, parseModuleList, tabState, writeModuleList } from '../lib/module-list-params.ts';
import { ModuleKeyDialog } from './module-key-dialog.tsx';
import { ModulesFrame } from './modules-frame.tsx';
import { ModulesList } from './modules-list.tsx';
import { RegisterModuleDialog } from './register-module-dialog.tsx';
import { UnregisteredModulesList } from './unregistered-modules-list.tsx';

const codec = { parse: parseModuleList, write: writeModuleList };

/** /admin/modules: the registered modules, and the unregistered ones to claim. */
export function ModulesPage() {
  const { t } = useTranslation('sense-modules');
  return (
    <ModulesFrame title={t('title')}>
      <ModulesTabs />
    </ModulesFrame>
  );
}

/** The register dialog open, prefilled with an unregistered module's ES number or empty. */
type Registering = { esNumber: string } | null;

function ModulesTabs() {
  const { t } = useTranslation('sense-modules');
  const navigate = useNavigate();
  const [state, update] = useUrlListState(codec);
  const [registering, setRegistering] = useState<Registering>(null);
  // The answer of a registration: its key is shown this once, then the module page opens.
  const [issued, setIssued] = useState<ModuleWithKey | null>(null);
  const id = useId();
  const tabId = (tab: string) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={state.tab}
          onChange={(_event, tab: (typeof moduleTabs)[number]) => update(tabState(tab))}
          aria-label={t('tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {moduleTabs.map((tab) => (
            <Tab key={tab} value={tab} label={t(`tabs.${tab}`)} id={tabId(tab)} aria-controls={panelId} />
          ))}
        </Tabs>
      </Box>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(state.tab)}>
        {state.tab === 'modules' ? (
          <ModulesList state={state} update={update} onRegister={() => setRegistering({ esNumber: '' })} />
        ) : (
          <UnregisteredModulesList
            state={state}
            update={update}
            onRegister={(esNumber) => setRegistering({ esNumber })}
          />
        )}
      </div>
      {registering ? (
        <RegisterModuleDialog
          initialEsNumber={registering.esNumber}
          onClose={() => setRegistering(null)}
          onRegistered={(answer) => {
            setRegistering(null);
            setIssued(answer);
          }}
        />
      ) : null}
      {issued ? (
        <ModuleKeyDialog
          esNumber={issued.module.esNumber}
          moduleKey={issued.key}
          onClose={() => void navigate(modulePaths.module(issued.module.id))}
        />
      ) : null}
    </>
  );
}
