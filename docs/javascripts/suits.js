// Colour red cards (Q♥, 10♦, or a lone ♥) wherever the docs show them: prose, tables and code.
// Local and dependency-free: the docs must read offline. Pages can also mark
// cards by hand with <span class="hokm-red">Q♥</span> (see stylesheets/cards.css).
(function () {
  "use strict";
  var RED = /[\u2665\u2666\u2661\u2662]/;
  var SKIP = { SCRIPT: 1, STYLE: 1, TEXTAREA: 1, INPUT: 1 };

  function paint(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        var parent = node.parentNode;
        if (!parent || SKIP[parent.nodeName] || parent.classList.contains("hokm-red")) {
          return NodeFilter.FILTER_REJECT;
        }
        return RED.test(node.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      },
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      // The capture group keeps each card (rank + red suit) as its own part.
      var parts = node.nodeValue.split(/((?:10|[2-9TJQKA])?[\u2665\u2666\u2661\u2662])/);
      var fragment = document.createDocumentFragment();
      parts.forEach(function (part) {
        if (!part) return;
        if (RED.test(part)) {
          var span = document.createElement("span");
          span.className = "hokm-red";
          span.textContent = part;
          fragment.appendChild(span);
        } else {
          fragment.appendChild(document.createTextNode(part));
        }
      });
      node.parentNode.replaceChild(fragment, node);
    });
  }

  function run() {
    var content = document.querySelector(".md-content") || document.body;
    paint(content);
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(run); // Material: runs on every page, instant navigation included
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
