// Submits the sign-out form as soon as the page is ready (served as a file so the page's CSP allows no inline script).
(function () {
  'use strict';
  function submit() {
    var form = document.getElementById('logout-form');
    if (form && typeof form.submit === 'function') form.submit();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', submit);
  else submit();
})();
