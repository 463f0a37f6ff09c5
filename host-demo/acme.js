// The employer's own page script (not part of the widgets): shows Sign in or Sign out from the starting data.
(function () {
  var data = {};
  try {
    data = JSON.parse(document.getElementById('careers-boot-data').textContent || '{}');
  } catch (e) {
    data = {};
  }
  var link = document.getElementById('acme-account-link');
  if (!link) return;
  var domain = encodeURIComponent(data.groupId || '');
  if (data.isLoggedIn) {
    link.textContent = 'Sign out';
    link.href = '/logout?domain=' + domain;
  } else {
    var next = encodeURIComponent(window.location.pathname + window.location.search);
    link.textContent = 'Sign in';
    link.href = '/careers/login?domain=' + domain + '&next=' + next;
  }
})();

// The employer's landing content shows on the careers home only; other careers pages belong to the widgets.
(function () {
  // Only what changes is written: each write makes the browser recompute the page's styles.
  function update() {
    var home = /^\/careers\/?$/.test(window.location.pathname);
    var root = document.documentElement;
    if (root.hasAttribute('data-careers-home') !== home) root.toggleAttribute('data-careers-home', home);
    var sections = document.querySelectorAll('.acme-marketing');
    for (var i = 0; i < sections.length; i++) if (sections[i].hidden === home) sections[i].hidden = !home;
  }
  window.addEventListener('popstate', update);
  window.addEventListener('single-spa:routing-event', update);
  update();
})();
