Feature: Generate a Word document
  The editor's HTML becomes a DOCX.

  Background:
    Given the role "writer" may "GENERATE_DOCX"

  Scenario: The document holds the text
    When "writer" generates a DOCX from "<h1>Plan</h1><ul><li>one</li><li>two</li></ul>"
    Then the document is a "application/vnd.openxmlformats-officedocument.wordprocessingml.document" named "document.docx"
    And the document contains "Plan one two"

  Scenario: Malformed HTML still renders what it can
    When "writer" generates a DOCX from "<p>start <b>never closed <table><tr><td>cell"
    Then the document contains "start never closed cell"

  Scenario: Images of a source the role may not see are dropped
    Given the source "private" holds the image "secret.png" of 10x10
    When "writer" generates a DOCX from "<img src=\"/files/private/secret.png\">"
    Then the document embeds 0 images

  Scenario: A role with only GENERATE_PDF is refused
    Given the role "pdf-only" may "GENERATE_PDF"
    When "pdf-only" generates a DOCX from "<p>x</p>"
    Then the request fails with "AUTH.FORBIDDEN"
