// The employer's own page script (not part of the widgets): its "Sign in" / "Sign out" link. On the page the careers
// server renders it reads the starting data; on a page of its own (no starting data: the careers session is a cookie
// of the careers server), it follows the widgets' `careers:session` event and asks them to sign in or out
// (docs/product/shell.md#page-events).
(function () {
  var link = document.getElementById('acme-account-link');
  if (!link) return;
  var element = document.getElementById('careers-boot-data');
  if (!element) {
    var signedIn = false;
    link.hidden = true;
    window.addEventListener('careers:session', function (event) {
      signedIn = Boolean(event.detail && event.detail.signedIn);
      link.textContent = signedIn ? 'Sign out' : 'Sign in';
      link.hidden = false;
    });
    link.addEventListener('click', function (event) {
      event.preventDefault();
      window.dispatchEvent(new Event(signedIn ? 'careers:sign-out' : 'careers:sign-in'));
    });
    return;
  }
  var data = {};
  try {
    data = JSON.parse(element.textContent || '{}');
  } catch (e) {
    data = {};
  }
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
