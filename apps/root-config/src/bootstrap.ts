import { addErrorHandler, registerApplication, start, triggerAppChange, type LifeCycles } from 'single-spa';
import {
  LOGIN_GATE_NAME,
  announceSession,
  configureHttp,
  followPageRequests,
  loginGate,
  fromSiteBase,
  matchRoute,
  pageHasBootData,
  requestLogin,
  setSiteBase,
  siteBase,
  setRemoteModuleLoader,
  shellParts,
  signOut,
  startShared,
} from '@careers/shared';
import type { ManifestWidget } from '@careers/shared/contract';
import { activityFor, loadManifest, loginGateActivity, type ActivityContext } from './manifest';
import { joinShareScope, loadRemoteModule } from './loadRemote';
import { remoteModuleLoader } from './remoteModules';
import { showStartFailure, showUnavailableNotice, unavailableWidget } from './fallback';
import { embedScript } from './embedScript';
import { loadStartingData } from './startingData';
import { trackPageViews } from './pageViews';
import { followPageChanges } from './pageChanges';
import { followHeadScripts } from './headScripts';
import { followSlots, slotPresent, slotsOf } from './slots';
import { createPageFirst, PAGE_SLOT, startsWithPage } from './pageFirst';

async function loadWidget(widget: ManifestWidget): Promise<LifeCycles> {
  try {
    return await loadRemoteModule<LifeCycles>(widget);
  } catch (error) {
    console.error(`[careers] widget "${widget.name}" could not be loaded`, error);
    return unavailableWidget(widget);
  }
}

/**
 * A page outside the careers pages' base path gets only the widgets of every page: say so, since it is most often
 * a page at `/jobs` whose script tag lacks `data-base-path` (docs/product/shell.md#any-path).
 */
function warnOutsideBase(): void {
  if (fromSiteBase(window.location.pathname) !== null) return;
  console.warn(
    `[careers] this page (${window.location.pathname}) is outside the careers pages' base path (${siteBase()}), ` +
      "so no careers page shows here. If the careers pages live here, give the root config's script tag " +
      `data-base-path="${window.location.pathname.replace(/\/[^/]*\.html?$/i, '') || '/'}".`,
  );
}

/** Ends the current task: the browser may paint and handle input before the next part of the start runs. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function main() {
  const embed = embedScript();
  // Before anything matches a route or builds an address: the careers pages' base path on this site.
  if (embed.basePath !== null) setSiteBase(embed.basePath);
  warnOutsideBase();
  // On the employer's own page the API is on the careers server's origin, where the root config came from.
  if (embed.serverOrigin !== window.location.origin) configureHttp({ apiOrigin: embed.serverOrigin });
  // A page without starting data asks the API for it; the manifest, beside the root config whatever the answer says,
  // is fetched meanwhile rather than after it (one round trip less before the widgets load).
  const earlyManifest = pageHasBootData() ? null : loadManifest(embed.manifestUrl);
  earlyManifest?.catch(() => undefined); // a failed start reports the starting data's failure, the first one
  const boot = await loadStartingData(embed);
  await startShared(boot);
  const context: ActivityContext = {
    isLoggedIn: boot.isLoggedIn,
    applyFormConfig: boot.pcsxConfig.applyFormConfig ?? null,
  };
  const manifest = await (earlyManifest ?? loadManifest(boot.manifestUrl));
  // Modules widgets expose to each other (the forms renderer ...), loaded by widget name: see @careers/shared.
  setRemoteModuleLoader(remoteModuleLoader(manifest));
  const activities = manifest.widgets.map((widget) => {
    const active = activityFor(widget, context);
    // No slot on the page, no download: a widget is active only where one of its slots exists (see ./slots).
    return (location: Location) => active(location) && slotsOf(widget).some(slotPresent);
  });
  const gateActive = loginGateActivity(context);
  const isPageWidget = (widget: ManifestWidget) => widget.slot === PAGE_SLOT;
  const shell = shellParts(boot, matchRoute(window.location.pathname)?.route.page ?? null);
  const pageFirst = createPageFirst(
    gateActive(window.location) ||
      manifest.widgets.some((widget, i) => isPageWidget(widget) && activities[i]!(window.location)),
  );
  // The page widget, and the shell where it draws the top of the page, start at once; the others wait for the
  // page widget's first mount (./pageFirst). Their remote entries join the share scope now, as the page widget's
  // does, so every shared module comes from the same copy whatever mounts first.
  const loaderOf = (widget: ManifestWidget) => {
    if (isPageWidget(widget)) return () => loadWidget(widget).then(pageFirst.track);
    if (startsWithPage(widget, shell)) return () => loadWidget(widget);
    return async () => {
      const joined = joinShareScope(widget).catch(() => undefined);
      await pageFirst.ready;
      await joined;
      return loadWidget(widget);
    };
  };
  manifest.widgets.forEach((widget, i) => {
    registerApplication({
      name: widget.name,
      app: loaderOf(widget),
      activeWhen: activities[i]!,
      customProps: { slot: widget.slot },
    });
  });
  // A protected route opened while signed out: the sign-in dialog, from this one place, in the page slot.
  registerApplication({
    name: LOGIN_GATE_NAME,
    app: async () => pageFirst.track(loginGate),
    activeWhen: gateActive,
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
  // The start is cut into tasks, so that none holds the page for long (Total Blocking Time): the shared modules'
  // evaluation and the registration above; then single-spa's start, which loads and mounts the page widget; then
  // the page-view log, which the page's first screen does not need.
  await yieldToBrowser();
  start({ urlRerouteOnly: true });
  followSlots([...new Set(manifest.widgets.flatMap(slotsOf))], () => void triggerAppChange());
  followPageChanges(boot);
  followHeadScripts();
  // The employer's page script learns who is signed in and may ask for sign-in or sign-out (its own links).
  followPageRequests({
    signIn: () => requestLogin(),
    signOut: () => void signOut(boot.groupId).catch(() => undefined),
  });
  announceSession({
    signedIn: boot.isLoggedIn,
    name: boot.profile?.firstname || boot.user?.email || null,
  });
  await yieldToBrowser();
  trackPageViews(boot.groupId);
}

main().catch(showStartFailure);
