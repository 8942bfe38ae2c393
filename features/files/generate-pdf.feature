Feature: Generate a PDF
  The editor's HTML becomes a PDF; images come only from data: URIs and the
  configured sources, never from the network.

  Background:
    Given the source "docs" holds the image "logo.png" of 40x20
    And the role "writer" may "GENERATE_PDF"
    And the role "writer" may "FILES"

  Scenario: The document holds the text
    When "writer" generates a PDF from "<h1>Minutes</h1><p>Present: <b>all</b></p>"
    Then the document is a "application/pdf" named "document.pdf"
    And the document contains "Minutes Present: all"

  Scenario: Images of a source are embedded, other images are dropped
    When "writer" generates a PDF from "<p>logo</p><img src=\"/files/docs/logo.png\"><img src=\"https://tracker.example.com/pixel.png\">"
    Then the document embeds the image "/files/docs/logo.png"
    And the document embeds 1 image
    And nothing was fetched

  Scenario: Input over the limit is refused
    When "writer" generates a PDF from 3000000 bytes of HTML
    Then the request fails with "FILES.TOO_LARGE"

  Scenario: Missing HTML is refused
    When "writer" generates a PDF from ""
    Then the request fails with "INPUT.INVALID"

  Scenario: A role without GENERATE_PDF is refused
    When "reader" generates a PDF from "<p>x</p>"
    Then the request fails with "AUTH.FORBIDDEN"
