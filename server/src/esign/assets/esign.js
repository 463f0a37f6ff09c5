// E-sign reference page: records the outcome on this server, then tells the framing careers page.
(function () {
  'use strict';
  var root = document.getElementById('esign');
  if (!root) return;
  var token = root.getAttribute('data-token');
  var parentOrigin = root.getAttribute('data-parent-origin');
  var completeUrl = root.getAttribute('data-complete-url');
  var statusLine = document.getElementById('esign-status');
  var errorLine = document.getElementById('esign-error');
  var signing = root.querySelector('.signing');
  var buttons = root.querySelectorAll('button[data-outcome]');
  var TYPES = { signed: 'ESIGN', rejected: 'REJECT' };
  // The signer key is in the address's fragment (#key=...): the careers site gave it to the candidate only, and a
  // browser never sends a fragment to a server, so it is in no request log.
  var signerKey = (/(?:^#|&)key=([A-Za-z0-9_-]+)/.exec(window.location.hash) || [])[1] || '';

  function setBusy(busy) {
    root.setAttribute('aria-busy', busy ? 'true' : 'false');
    for (var i = 0; i < buttons.length; i += 1) buttons[i].disabled = busy;
  }

  function notifyParent(outcome) {
    if (!parentOrigin || window.parent === window) return;
    window.parent.postMessage({ type: TYPES[outcome], token: token }, parentOrigin);
  }

  function complete(outcome) {
    setBusy(true);
    errorLine.textContent = '';
    statusLine.textContent = root.getAttribute('data-msg-working');
    fetch(completeUrl, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(signerKey ? { outcome: outcome, key: signerKey } : { outcome: outcome }),
    })
      .then(function (response) {
        return response
          .json()
          .catch(function () {
            return {};
          })
          .then(function (body) {
            if (!response.ok) throw new Error((body && body.message) || root.getAttribute('data-msg-error'));
            return body.data.status;
          });
      })
      .then(function (status) {
        if (signing) signing.hidden = true;
        root.setAttribute('aria-busy', 'false');
        statusLine.textContent = root.getAttribute(status === 'signed' ? 'data-msg-signed' : 'data-msg-rejected');
        // The buttons are gone: keep keyboard and screen reader users on the outcome.
        statusLine.setAttribute('tabindex', '-1');
        statusLine.focus();
        notifyParent(status);
      })
      .catch(function (error) {
        setBusy(false);
        statusLine.textContent = '';
        errorLine.textContent = (error && error.message) || root.getAttribute('data-msg-error');
      });
  }

  for (var i = 0; i < buttons.length; i += 1) {
    buttons[i].addEventListener('click', function (event) {
      complete(event.currentTarget.getAttribute('data-outcome'));
    });
  }
})();
