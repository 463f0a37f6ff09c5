import { addErrorHandler, registerApplication, start, triggerAppChange, type LifeCycles } from 'single-spa';
import { LOGIN_GATE_NAME, loginGate, readBootData, setRemoteModuleLoader, startShared } from '@careers/shared';
import type { ManifestWidget } from '@careers/shared/contract';
import { activityFor, loadManifest, loginGateActivity, type ActivityContext } from './manifest';
import { loadRemoteModule } from './loadRemote';
import { remoteModuleLoader } from './remoteModules';
import { showUnavailableNotice, unavailableWidget } from './fallback';
import { trackPageViews } from './pageViews';
import { followPageChanges } from './pageChanges';
import { followSlots, slotPresent, slotsOf } from './slots';

/** The page slot page widgets (and the sign-in gate) mount into. */
const PAGE_SLOT = 'careers-main';

async function loadWidget(widget: ManifestWidget): Promise<LifeCycles> {
  try {
    return await loadRemoteModule<LifeCycles>(widget);
  } catch (error) {
    console.error(`[careers] widget "${widget.name}" could not be loaded`, error);
    return unavailableWidget(widget);
  }
}

async function main() {
  const boot = readBootData();
  await startShared(boot);
  const context: ActivityContext = {
    isLoggedIn: boot.isLoggedIn,
    applyFormConfig: boot.pcsxConfig.applyFormConfig ?? null,
  };
  const manifest = await loadManifest(boot.manifestUrl);
  // Modules widgets expose to each other (the forms renderer ...), loaded by widget name: see @careers/shared.
  setRemoteModuleLoader(remoteModuleLoader(manifest));
  for (const widget of manifest.widgets) {
    const active = activityFor(widget, context);
    registerApplication({
      name: widget.name,
      app: () => loadWidget(widget),
      // No slot on the page, no download: a widget is active only where one of its slots exists (see ./slots).
      activeWhen: (location) => active(location) && slotsOf(widget).some(slotPresent),
      customProps: { slot: widget.slot },
    });
  }
  // A protected route opened while signed out: the sign-in dialog, from this one place, in the page slot.
  registerApplication({
    name: LOGIN_GATE_NAME,
    app: async () => loginGate,
    activeWhen: loginGateActivity(context),
    customProps: { slot: PAGE_SLOT },
  });
  const widgets = new Map(manifest.widgets.map((w) => [w.name, w]));
  addErrorHandler((error) => {
    console.error(`[careers] widget "${error.appOrParcelName}" stopped working`, error);
    // A widget that throws in a lifecycle (outside React's error boundary) is marked broken by single-spa;
    // its slot gets the same small notice as a widget whose bundle did not load.
    const widget = widgets.get(error.appOrParcelName);
    if (widget) showUnavailableNotice(widget);
  });
  start({ urlRerouteOnly: true });
  followSlots([...new Set(manifest.widgets.flatMap(slotsOf))], () => void triggerAppChange());
  trackPageViews(boot.groupId);
  followPageChanges(boot);
}

main().catch((error: unknown) => {
  console.error('[careers] the careers widgets could not start', error);
});
