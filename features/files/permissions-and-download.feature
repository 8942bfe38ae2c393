Feature: Permissions and downloads
  The client asks what it may do, to show only buttons that will work; a
  download needs its own permission.

  Background:
    Given the source "docs" holds the files:
      | path    | content |
      | a.txt   | alpha   |

  Scenario: Permissions follow the rules for the role and path
    Given the role "reader" may "FILES"
    And the role "reader" may "FILE_DOWNLOAD"
    When "reader" asks for the permissions at "/"
    Then the role may "FILE_DOWNLOAD" but not "FILE_REMOVE"

  Scenario: Downloading a file
    Given the role "reader" may "FILE_DOWNLOAD"
    When "reader" downloads "a.txt" from "/" of the source "docs"
    Then the download reads "alpha"

  Scenario: Downloading without the permission
    When "reader" downloads "a.txt" from "/" of the source "docs"
    Then the request fails with "AUTH.FORBIDDEN"

  Scenario: Downloading what is not there
    Given the role "reader" may "FILE_DOWNLOAD"
    When "reader" downloads "ghost.txt" from "/" of the source "docs"
    Then the request fails with "FILES.NOT_FOUND"
