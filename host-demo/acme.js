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
