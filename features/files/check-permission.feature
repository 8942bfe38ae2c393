Feature: Check permission
  Access is denied unless a rule grants it; rules match by role, path and
  extension, and later rules override earlier ones.

  Scenario: Nothing is allowed without a rule
    When I check whether "guest" may "FILE_REMOVE" at "/"
    Then the request fails with "AUTH.FORBIDDEN"

  Scenario: A wildcard rule applies to every role
    Given the role "*" may "FILES"
    When I check whether "anyone" may "FILES" at "/"
    Then the check passes

  Scenario: A later rule overrides an earlier one
    Given the role "editor" may "FILE_UPLOAD"
    And the role "editor" may not "FILE_UPLOAD"
    When I check whether "editor" may "FILE_UPLOAD" at "/"
    Then the request fails with "AUTH.FORBIDDEN"

  Scenario Outline: A path rule holds on segment boundaries
    Given the role "editor" may "FILE_REMOVE" under "public"
    When I check whether "editor" may "FILE_REMOVE" at "<path>"
    Then the outcome is "<outcome>"

    Examples:
      | path          | outcome  |
      | public        | allowed  |
      | public/a/b    | allowed  |
      | publicity     | denied   |
      | /             | denied   |
