Feature: Upload a file from a URL
  The server downloads a file a user names by URL, under the rules of
  uploads, and never from the private network it stands in.

  Background:
    Given the source "docs" holds the files:
      | path         | content |
      | cat.png      | old cat |
    And the role "editor" may "FILE_UPLOAD_REMOTE"
    And the internet serves "https://images.example.com/pets/cat.png" as "image/png"
    And the internet serves "https://example.com/get?id=1" as "text/plain" named "report.txt"
    And the internet serves "https://example.com/tool.exe" as "application/octet-stream"

  Scenario: A picture is downloaded beside an existing one of the same name
    When "editor" uploads "https://images.example.com/pets/cat.png" to the folder "/" of the source "docs"
    Then the uploaded file is "cat-1.png", an image
    And the source "docs" holds "cat-1.png"

  Scenario: The name can come from Content-Disposition
    When "editor" uploads "https://example.com/get?id=1" to the folder "/" of the source "docs"
    Then the uploaded file is "report.txt", not an image

  Scenario: A type uploads may not have is refused
    When "editor" uploads "https://example.com/tool.exe" to the folder "/" of the source "docs"
    Then the request fails with "FILES.TYPE_NOT_ALLOWED"

  Scenario Outline: Private addresses and other schemes are refused
    When "editor" uploads "<url>" to the folder "/" of the source "docs"
    Then the request fails with "REMOTE.ADDRESS_REFUSED"

    Examples:
      | url                                  |
      | http://127.0.0.1/cat.png             |
      | http://localhost/cat.png             |
      | http://169.254.169.254/latest/meta   |
      | file:///etc/passwd                   |

  Scenario: A role without FILE_UPLOAD_REMOTE is refused before anything is fetched
    When "visitor" uploads "https://images.example.com/pets/cat.png" to the folder "/" of the source "docs"
    Then the request fails with "AUTH.FORBIDDEN"
    And nothing was fetched
